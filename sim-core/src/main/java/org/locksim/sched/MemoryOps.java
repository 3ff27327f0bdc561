package org.locksim.sched;

import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;
import org.locksim.machine.RequestWays;

/**
 * The memory action each CPU's current step issued, kept in primitive per-CPU slots until it
 * is performed (at once, or at its issue time after the step's private costs). Performing it
 * applies the value in coherence order and returns when the CPU may go on.
 */
final class MemoryOps {
  static final int LOAD = 0;
  static final int STORE = 1;
  static final int CAS = 2;
  static final int XCHG = 3;
  static final int FADD = 4;
  /** A CAS whose failure is a read: arm64's load-/store-exclusive loop. */
  static final int CAS_LLSC = 5;
  /** A posted store of the bits under a mask (a byte or halfword store): {@code a} the value, {@code b} the mask. */
  static final int STORE_FIELD = 6;
  /** An exchange of the bits under a mask (x86's 16-bit {@code xchg}); the result is the whole old word. */
  static final int XCHG_FIELD = 7;
  /** An atomic OR of {@code a} (x86 {@code lock bts} / {@code lock or}); the result is the old word. */
  static final int FETCH_OR = 8;
  /** An atomic AND NOT of {@code a} (x86 {@code lock and}); the result is the old word. */
  static final int FETCH_ANDNOT = 9;
  /**
   * A load the core does not wait for (an out-of-order core runs on past its miss): the CPU goes
   * on after the instruction, and the task's {@code dataArrival} says when the data comes.
   */
  static final int LOAD_AHEAD = 10;
  /** A wait for the data of an earlier {@link #LOAD_AHEAD}, due at {@code a}: no instruction. */
  static final int AWAIT_DATA = 11;
  /** A prefetch for writing ({@code prefetchw}): the line is fetched for ownership, unwaited. */
  static final int PREFETCHW = 12;
  /** A prefetch for reading ({@code prefetcht0}): a read of the line, unwaited. */
  static final int PREFETCH_READ = 13;
  /**
   * A full barrier ({@code mfence}, {@code dmb ish}): no line; the CPU goes on when every store
   * it issued before is visible and the instruction has run.
   */
  static final int FENCE = 14;

  private final int[] kind;
  private final CacheLine[] line;
  private final int[] word;
  private final long[] a;
  private final long[] b;
  private final long[] ps;
  private final boolean[] posted;
  /** Whether the store has release order ({@code smp_store_release}). */
  private final boolean[] release;
  private final long[] instr;
  /** Per CPU: when the data of its last load that missed comes back. */
  private final long[] loadBack;
  private final String[] fn;
  private final String[] callers;
  private final boolean[] user;
  /** Per CPU: when its recorded access was issued (it is performed where it reaches its line). */
  private final long[] issuedAt;
  /** Per CPU: the socket whose last-level cache its access on its way goes to, or -1. */
  private final int[] via;
  MemoryOps(int cpus) {
    issuedAt = new long[cpus];
    via = new int[cpus];
    kind = new int[cpus];
    line = new CacheLine[cpus];
    word = new int[cpus];
    a = new long[cpus];
    b = new long[cpus];
    ps = new long[cpus];
    posted = new boolean[cpus];
    release = new boolean[cpus];
    instr = new long[cpus];
    loadBack = new long[cpus];
    fn = new String[cpus];
    callers = new String[cpus];
    user = new boolean[cpus];
  }

  /** Records the access {@code cpu}'s step issues. */
  void record(int cpu, int k, CacheLine l, int w, long x, long y, long cost, boolean isPosted,
      boolean isRelease, long instructions) {
    release[cpu] = isRelease;
    kind[cpu] = k;
    line[cpu] = l;
    word[cpu] = w;
    a[cpu] = x;
    b[cpu] = y;
    ps[cpu] = cost;
    posted[cpu] = isPosted;
    instr[cpu] = instructions;
  }

  /**
   * How long after {@code at}, its issue, {@code cpu}'s recorded access reaches the point where
   * it is ordered against other CPUs' requests for its line ({@link RequestWays#reachPs}); it is
   * performed there, so that of two requests the one that arrives first is served first, not
   * the one issued first: a load, an atomic, a store (a posted one waits in
   * {@link PostedStores} while its CPU goes on). A load issued ahead and a prefetch are ordered
   * at their issue, since the CPU goes on past them and its later accesses must not be ordered
   * before them. Records {@code at} as the access's issue ({@link #issuedAt}), from which
   * {@link #perform} prices it wherever it is performed.
   */
  long reachPs(int cpu, Coherence coherence, long at) {
    issuedAt[cpu] = at;
    via[cpu] = -1;
    switch (kind[cpu]) {
      case LOAD_AHEAD, PREFETCH_READ, PREFETCHW, AWAIT_DATA, FENCE -> {
        return 0;
      }
      default -> {
        boolean exclusive = exclusive(cpu);
        long reach = coherence.ways().reachPs(cpu, line[cpu], at, exclusive);
        if (reach > 0) {
          via[cpu] = coherence.ways().orderingSocket(cpu, line[cpu], at, exclusive);
        }
        return reach;
      }
    }
  }

  /** Whether {@code cpu}'s recorded access needs its line for writing. */
  private boolean exclusive(int cpu) {
    // A failed load-/store-exclusive is a read of the CPU's own copy: it is ordered there.
    return kind[cpu] != LOAD && kind[cpu] != CAS_LLSC;
  }

  /**
   * {@code cpu}'s recorded access, on its way since its issue, gets at {@code now} to the
   * socket whose last-level cache was to order it ({@link RequestWays#orderingSocket}); when its
   * line has left that socket meanwhile, that cache sends it on to the one that now answers
   * for the line. Returns how much later it gets there (0: it is ordered now).
   */
  long forwardPs(int cpu, Coherence coherence, long now) {
    int from = via[cpu];
    if (from < 0) {
      return 0;
    }
    int to = coherence.ways().orderingSocket(cpu, line[cpu], now, exclusive(cpu));
    long extra = coherence.ways().forwardPs(line[cpu], from, to);
    if (extra > 0) {
      via[cpu] = to;
    }
    return extra;
  }

  /** When {@code cpu}'s recorded access was issued. */
  long issuedAt(int cpu) {
    return issuedAt[cpu];
  }

  /** Where the access was issued from, for the time accounts. */
  void origin(int cpu, String path, String function, boolean isUser) {
    callers[cpu] = path;
    fn[cpu] = function;
    user[cpu] = isUser;
  }

  /** Performs {@code cpu}'s recorded access for {@code t} at {@code at}; when it may go on. */
  long perform(int cpu, Task t, long at, Coherence coherence, Counters counters) {
    if (kind[cpu] == FENCE) {
      // Performed once the store buffer has drained into the lines (the step loop orders it
      // after the CPU's posted stores); it runs while the last of them becomes visible.
      count(cpu, t, at, counters);
      return Math.max(at + ps[cpu], coherence.storesVisibleAt(cpu));
    }
    CacheLine l = line[cpu];
    int w = word[cpu];
    long old = l.peek(w);
    long cost = ps[cpu];
    count(cpu, t, at, counters);
    t.result = old;
    switch (kind[cpu]) {
      case LOAD -> {
        if (coherence.keeps(cpu, l, at)) {
          t.result = coherence.keptWord(cpu, w);
          coherence.forget(cpu);
          return at + cost;
        }
        long done = coherence.read(cpu, l, at, cost);
        t.result = coherence.wordSeen(cpu, l, w);
        loadBack[cpu] = done;
        return done;
      }
      case LOAD_AHEAD -> {
        long data = coherence.keeps(cpu, l, at) ? at + cost : coherence.read(cpu, l, at, cost);
        coherence.forget(cpu);
        t.result = coherence.wordSeen(cpu, l, w);
        t.dataArrival = data;
        return at + cost;
      }
      case AWAIT_DATA -> {
        return Math.max(at, a[cpu]);
      }
      case PREFETCHW -> {
        coherence.prefetchForWrite(cpu, l, at);
        return at + cost;
      }
      case PREFETCH_READ -> {
        coherence.prefetchRead(cpu, l, at);
        return at + cost;
      }
      case STORE, STORE_FIELD -> {
        return performStore(cpu, l, w, kind[cpu], a[cpu], b[cpu], posted[cpu], release[cpu], at,
            cost, coherence);
      }
      case CAS, CAS_LLSC, XCHG, FADD, XCHG_FIELD, FETCH_OR, FETCH_ANDNOT -> {
        // An atomic that takes the line from under another CPU's buffered stores works on the
        // words as they were; the buffered stores write their bits over its result later.
        boolean under = coherence.atomicFromUnder(cpu, l, at);
        long seen = under ? l.wordBeforeWindow(w) : old;
        t.result = seen;
        if (kind[cpu] == CAS_LLSC && seen != a[cpu]) {
          return coherence.read(cpu, l, at, cost);
        }
        long value = atomicValue(cpu, seen);
        if (under) {
          l.initUnderWindow(w, value);
        } else {
          l.init(w, value);
        }
        return coherence.write(cpu, l, at, cost, false);
      }
      default -> throw new IllegalStateException("unknown memory op " + kind[cpu]);
    }
  }

  /**
   * Performs {@code cpu}'s store of {@code value} into word {@code w} of {@code l} (a
   * {@link #STORE}, or a {@link #STORE_FIELD} of the bits under {@code mask}) issued at
   * {@code at}; returns when the CPU may go on.
   */
  long performStore(int cpu, CacheLine l, int w, int k, long value, long mask, boolean isPosted,
      boolean isRelease, long at, long cost, Coherence coherence) {
    long old = l.peek(w);
    boolean field = k == STORE_FIELD;
    if ((isPosted || field) && coherence.storeFromUnder(cpu, l, at)) {
      // Under another CPU's buffered stores: they commit after it, over its value.
      l.initUnderWindow(w, field ? (l.wordBeforeWindow(w) & ~mask) | (value & mask) : value);
      return coherence.write(cpu, l, at, cost, true, isRelease);
    }
    l.init(w, field ? (old & ~mask) | (value & mask) : value);
    return store(cpu, l, w, old, field ? mask : -1L, isPosted || field, isRelease, at, cost,
        coherence);
  }

  /**
   * Whether {@code cpu}'s recorded access is a posted store, which the CPU does not wait for
   * ({@link PostedStores}).
   */
  boolean postedStore(int cpu) {
    return kind[cpu] == STORE_FIELD || (kind[cpu] == STORE && posted[cpu]);
  }

  /**
   * Whether {@code cpu}'s recorded access is ordered after every store the CPU issued before
   * it: an atomic (which drains the store buffer) or a store the CPU waits for.
   */
  boolean drainsStores(int cpu) {
    return switch (kind[cpu]) {
      case LOAD, LOAD_AHEAD, AWAIT_DATA, PREFETCHW, PREFETCH_READ, STORE_FIELD -> false;
      case STORE -> !posted[cpu];
      default -> true;
    };
  }

  /** The line of {@code cpu}'s recorded access. */
  CacheLine line(int cpu) {
    return line[cpu];
  }

  /**
   * Queues {@code cpu}'s recorded posted store, issued at {@code at} and reaching its line at
   * {@code reach}, in {@code stores}: the instruction is counted and the CPU goes on at once;
   * returns when it may go on.
   */
  long post(int cpu, Task t, long at, long reach, PostedStores stores, Counters counters) {
    count(cpu, t, at, counters);
    stores.add(cpu, line[cpu], word[cpu], kind[cpu], a[cpu], b[cpu], ps[cpu], release[cpu], at,
        reach, via[cpu]);
    return at + ps[cpu];
  }

  /** Counts {@code cpu}'s recorded instruction, issued at {@code at}, where it was issued from. */
  private void count(int cpu, Task t, long at, Counters counters) {
    counters.instructions[cpu] += instr[cpu];
    counters.account(cpu, user[cpu] ? CpuMode.USER : t.kernelMode(), callers[cpu], fn[cpu], t.id, at);
  }

  /** A store of the bits under {@code mask}; a store held behind its CPU's earlier stores keeps
   * the word's old value for the CPUs that read its line meanwhile. */
  private long store(int cpu, CacheLine l, int w, long old, long mask, boolean isPosted,
      boolean isRelease, long at, long cost, Coherence coherence) {
    long done = coherence.write(cpu, l, at, cost, isPosted, isRelease);
    if (coherence.lastWriteHeld()) {
      l.keepOld(w, old, mask);
    }
    return done;
  }

  /**
   * {@code cpu}'s load of {@code l}, still on its way, brings a write the line's owner made
   * before the request reached it: the load's value is the word as it is now. A load ahead
   * whose CPU has gone on keeps the value it was given.
   */
  void reread(int cpu, Task t, CacheLine l, Coherence coherence, long now) {
    if (kind[cpu] == LOAD && line[cpu] == l && now < loadBack[cpu]) {
      // The CPU waits for this load until it is back: its task has run no step since.
      t.result = coherence.wordSeen(cpu, l, word[cpu]);
    }
  }

  /** The word {@code cpu}'s atomic leaves, given the word {@code seen} it read. */
  private long atomicValue(int cpu, long seen) {
    long x = a[cpu];
    long y = b[cpu];
    return switch (kind[cpu]) {
      case CAS, CAS_LLSC -> seen == x ? y : seen;
      case XCHG -> x;
      case FADD -> seen + x;
      case XCHG_FIELD -> (seen & ~y) | (x & y);
      case FETCH_OR -> seen | x;
      case FETCH_ANDNOT -> seen & ~x;
      default -> throw new IllegalStateException("not an atomic: " + kind[cpu]);
    };
  }
}
