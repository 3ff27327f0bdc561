package org.locksim.metrics;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Time per stack, written in the folded format of Brendan Gregg's flame graphs
 * ({@code stackcollapse-*.pl} output, {@code flamegraph.pl} input): one line
 * {@code frame;frame;frame count} per stack, root first.
 *
 * <p>Time is accumulated exactly in picoseconds and converted only when written: each stack's
 * count is its total divided by {@link #psPerCount()}, rounded to nearest (half up), since
 * {@code flamegraph.pl} needs integers. The default unit is the microsecond; a sampling
 * profile at {@code f} Hz corresponds to {@code psPerCount = 10^12 / f}. Stacks whose count
 * rounds to 0 are not written. Lines are sorted by stack (Java string order), so output is
 * deterministic.
 *
 * <p>Hot path: {@code int id = stacks.intern("user;compile")} once, then
 * {@link #add(int, long)}, which allocates nothing. Use one instance for on-CPU time and
 * another for off-CPU (blocked) time. Not thread-safe.
 */
public final class FoldedStacks {

    /** One count per nanosecond. */
    public static final long NANOSECONDS = 1_000L;
    /** One count per microsecond, the default. */
    public static final long MICROSECONDS = 1_000_000L;
    /** One count per millisecond. */
    public static final long MILLISECONDS = 1_000_000_000L;

    private final long psPerCount;
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> stacks = new ArrayList<>();
    private long[] totals = new long[16];

    /** Counts in microseconds. */
    public FoldedStacks() {
        this(MICROSECONDS);
    }

    /**
     * @param psPerCount picoseconds per written count, {@code >= 1}
     */
    public FoldedStacks(long psPerCount) {
        if (psPerCount < 1) {
            throw new IllegalArgumentException("psPerCount must be >= 1: " + psPerCount);
        }
        this.psPerCount = psPerCount;
    }

    /**
     * Interns a stack; call once per distinct stack, outside the hot path.
     *
     * @param stack frames separated by {@code ;}, root first, e.g.
     *              {@code "kernel;sys_open;namei;mtx_enter;spin"}; no empty frames, no tabs or
     *              line breaks
     * @return its id; the same stack always gives the same id
     */
    public int intern(String stack) {
        Integer id = ids.get(Objects.requireNonNull(stack, "stack"));
        if (id != null) {
            return id;
        }
        validate(stack);
        int next = stacks.size();
        if (next == totals.length) {
            totals = Arrays.copyOf(totals, next * 2);
        }
        stacks.add(stack);
        ids.put(stack, next);
        return next;
    }

    /**
     * Charges time to an interned stack.
     *
     * @param id an id from {@link #intern}
     * @param ps the time, {@code >= 0}
     */
    public void add(int id, long ps) {
        if (id < 0 || id >= stacks.size()) {
            throw new IllegalArgumentException("unknown stack id " + id);
        }
        if (ps < 0) {
            throw new IllegalArgumentException("negative time: " + ps + " ps");
        }
        totals[id] = Math.addExact(totals[id], ps);
    }

    /**
     * Charges time to a stack, interning it if new (convenient, not allocation-free).
     *
     * @param stack the stack
     * @param ps    the time
     */
    public void add(String stack, long ps) {
        add(intern(stack), ps);
    }

    /**
     * Adds every stack's time of {@code other} (for example repeats of one configuration).
     *
     * @param other another instance; its unit need not match
     */
    public void addAll(FoldedStacks other) {
        for (int i = 0; i < other.stacks.size(); i++) {
            add(other.stacks.get(i), other.totals[i]);
        }
    }

    /** Clears all times (e.g. after the warm-up); ids stay valid. */
    public void reset() {
        Arrays.fill(totals, 0);
    }

    /** @return picoseconds per written count */
    public long psPerCount() {
        return psPerCount;
    }

    /** @return the number of distinct stacks interned */
    public int size() {
        return stacks.size();
    }

    /**
     * @param stack a stack
     * @return its accumulated time in ps, 0 if unknown
     */
    public long totalPs(String stack) {
        Integer id = ids.get(stack);
        return id == null ? 0 : totals[id];
    }

    /**
     * @param stack a stack
     * @return the count that {@link #write} prints for it
     */
    public long count(String stack) {
        return toCount(totalPs(stack));
    }

    /** @return the sum of all stacks' time in ps */
    public long totalPs() {
        long sum = 0;
        for (int i = 0; i < stacks.size(); i++) {
            sum += totals[i];
        }
        return sum;
    }

    /**
     * Writes {@code stack count} lines, sorted by stack, each ending in {@code \n}.
     *
     * @param out the destination; not closed
     * @throws IOException if writing fails
     */
    public void write(Writer out) throws IOException {
        for (String stack : sortedStacks()) {
            long count = count(stack);
            if (count > 0) {
                out.write(stack);
                out.write(' ');
                out.write(Long.toString(count));
                out.write('\n');
            }
        }
    }

    /** @return what {@link #write} would write */
    public String format() {
        StringWriter w = new StringWriter();
        try {
            write(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /**
     * Reads a folded file ({@code stack count} per line, as {@link #write} or
     * {@code stackcollapse-*.pl} writes it) into stacks counting in the file's own unit
     * ({@code psPerCount = 1}, so each count is kept as is). Blank lines are skipped; a stack
     * listed twice is summed.
     *
     * @param in     the text; not closed
     * @param source the file's name, for error messages
     * @return the stacks
     * @throws IOException if reading fails
     * @throws Malformed for a malformed line
     */
    public static FoldedStacks read(Reader in, String source) throws IOException {
        FoldedStacks out = new FoldedStacks(1);
        BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
        int lineNo = 0;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            int space = l.lastIndexOf(' ');
            long count;
            try {
                count = space > 0 ? Long.parseLong(l.substring(space + 1)) : -1;
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 0) {
                throw new Malformed(source, lineNo,
                        "expected a folded stack line 'frame;frame count', got '" + abbreviate(l) + "'");
            }
            try {
                out.add(l.substring(0, space).strip(), count);
            } catch (IllegalArgumentException e) {
                throw new Malformed(source, lineNo, e.getMessage());
            } catch (ArithmeticException e) {
                throw new Malformed(source, lineNo, "counts overflow");
            }
        }
        return out;
    }

    /** A line of a folded file that does not parse; the message reads {@code source:line: detail}. */
    public static final class Malformed extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final String detail;

        Malformed(String source, int line, String detail) {
            super(source + ":" + line + ": " + detail);
            this.line = line;
            this.detail = detail;
        }

        /** @return the 1-based line number */
        public int line() {
            return line;
        }

        /** @return what is wrong with the line */
        public String detail() {
            return detail;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    /** The stacks in the order {@link #write} prints them. */
    public List<String> sortedStacks() {
        List<String> sorted = new ArrayList<>(stacks);
        sorted.sort(null);
        return sorted;
    }

    long toCount(long ps) {
        return ps / psPerCount + ((ps % psPerCount) * 2 >= psPerCount ? 1 : 0);
    }

    private static void validate(String stack) {
        if (stack.isEmpty()) {
            throw new IllegalArgumentException("empty stack");
        }
        for (int i = 0; i < stack.length(); i++) {
            char c = stack.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                throw new IllegalArgumentException("stack may not contain tabs or line breaks: '" + stack + "'");
            }
        }
        if (stack.startsWith(";") || stack.endsWith(";") || stack.contains(";;")) {
            throw new IllegalArgumentException("stack has an empty frame: '" + stack + "'");
        }
        if (stack.endsWith(" ") || stack.startsWith(" ")) {
            throw new IllegalArgumentException("stack may not start or end with a space: '" + stack + "'");
        }
    }
}
