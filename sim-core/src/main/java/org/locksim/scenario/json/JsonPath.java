package org.locksim.scenario.json;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Writes and reads the JSON paths used in error messages and in {@code --set}, like
 * {@code $.locks[2].algorithm}.
 *
 * <p>A field whose name is a plain identifier is written {@code .name}; any other name is
 * written {@code ["name"]} with JSON escapes, and {@link #parse} reads both, so a path copied
 * from an error message can be pasted into {@code --set}.
 */
final class JsonPath {

    /** The path of the root value. */
    static final String ROOT = "$";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private JsonPath() {
    }

    /** One step of a path, with its 0-based offset in the text it was parsed from. */
    sealed interface Segment permits Field, Index {
        int offset();
    }

    /** A step into an object's field. */
    record Field(String name, int offset) implements Segment {
    }

    /** A step into an array's element. */
    record Index(int index, int offset) implements Segment {
    }

    /** Returns the path of field {@code name} of the object at {@code parent}. */
    static String field(String parent, String name) {
        return IDENTIFIER.matcher(name).matches()
                ? parent + "." + name : parent + "[" + Names.quote(name) + "]";
    }

    /** Returns the path of element {@code index} of the array at {@code parent}. */
    static String index(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** Returns the path of {@code segment} below {@code parent}. */
    static String child(String parent, Segment segment) {
        return segment instanceof Field f ? field(parent, f.name())
                : index(parent, ((Index) segment).index());
    }

    /**
     * Parses a path like {@code locks[0].algorithm} or {@code $.machine["odd key"]}; a leading
     * {@code $} or {@code $.} is optional.
     *
     * @throws SyntaxError with the 0-based offset of the problem
     */
    static List<Segment> parse(String text) throws SyntaxError {
        return new Parser(text).parse();
    }

    /** A malformed path: what is wrong and the 0-based offset where it is. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        private final int offset;

        SyntaxError(String message, int offset) {
            super(message);
            this.offset = offset;
        }

        int offset() {
            return offset;
        }
    }

    /** A one-shot parser over the path text. */
    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        List<Segment> parse() throws SyntaxError {
            List<Segment> out = new ArrayList<>();
            if (text.startsWith("$")) {
                pos = text.startsWith("$.") ? 2 : 1;
            }
            if (pos >= text.length()) {
                throw new SyntaxError("empty path; expected a field name such as workload.tasks", pos);
            }
            boolean first = true;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == '[') {
                    out.add(bracket());
                } else if (first || c == '.') {
                    pos += first ? 0 : 1;
                    out.add(name());
                } else {
                    throw new SyntaxError("unexpected " + Names.quote(String.valueOf(c))
                            + " in path; expected . or [", pos);
                }
                first = false;
            }
            return List.copyOf(out);
        }

        private Segment name() throws SyntaxError {
            int start = pos;
            while (pos < text.length() && text.charAt(pos) != '.' && text.charAt(pos) != '[') {
                pos++;
            }
            String name = text.substring(start, pos);
            if (name.isEmpty()) {
                throw new SyntaxError("missing field name in path", start);
            }
            if (!IDENTIFIER.matcher(name).matches()) {
                throw new SyntaxError("bad field name " + Names.quote(name)
                        + " in path; write [" + Names.quote(name) + "] for unusual names", start);
            }
            return new Field(name, start);
        }

        private Segment bracket() throws SyntaxError {
            int start = pos++;
            Segment segment;
            if (pos < text.length() && text.charAt(pos) == '"') {
                segment = new Field(quoted(start), start);
            } else {
                int digits = pos;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
                if (pos == digits || pos - digits > 9) {
                    throw new SyntaxError("expected an array index (a non-negative integer)"
                            + " or a quoted name after [", start);
                }
                segment = new Index(Integer.parseInt(text.substring(digits, pos)), start);
            }
            if (pos >= text.length() || text.charAt(pos) != ']') {
                throw new SyntaxError("missing ] in path", start);
            }
            pos++;
            return segment;
        }

        private String quoted(int start) throws SyntaxError {
            StringBuilder name = new StringBuilder();
            pos++;
            while (pos < text.length() && text.charAt(pos) != '"') {
                if (text.charAt(pos) == '\\' && pos + 1 < text.length()) {
                    pos++;
                }
                name.append(text.charAt(pos++));
            }
            if (pos >= text.length()) {
                throw new SyntaxError("unterminated quoted field name in path", start);
            }
            pos++;
            return name.toString();
        }
    }
}
