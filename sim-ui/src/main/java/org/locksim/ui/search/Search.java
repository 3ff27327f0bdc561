package org.locksim.ui.search;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.LockHold;
import org.locksim.trace.RowKind;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TaskState;
import org.locksim.trace.TraceFile;
import org.locksim.ui.replay.TimeStepper;

/**
 * One query against one trace, case-insensitive and matching anywhere in a name. The lanes
 * whose names match are marked; {@link #next} and {@link #previous} step through the
 * occurrences in time: a matching task entering {@link TaskState#RUNNING}, a matching lock
 * taken, a CPU entering a matching kernel function (an interval whose function matches and
 * whose predecessor on that CPU had another function).
 */
public final class Search {
  /**
   * One occurrence: the lane to show and the time to put the cursor at.
   *
   * @param kind the lane's section
   * @param index the lane
   * @param ps when it happens
   * @param what the name that matched
   */
  public record Hit(RowKind kind, int index, long ps, String what) { }

  private static final long FIRST_WINDOW_PS = 10_000_000L;

  private final TraceFile trace;
  private final String query;
  private final BitSet cpus;
  private final BitSet tasks;
  private final BitSet locks;
  private final BitSet functions = new BitSet();
  private final TimeStepper<Hit> stepper;

  /** Matches {@code query} (trimmed; blank matches nothing) against {@code trace}'s names. */
  public Search(TraceFile trace, String query) {
    this.trace = trace;
    this.query = query.trim().toLowerCase(Locale.ROOT);
    cpus = matching(trace.cpuNames());
    tasks = matching(trace.taskNames());
    locks = matching(trace.lockNames());
    if (!this.query.isEmpty()) {
      java.util.Set<String> laneNames = new java.util.HashSet<>(trace.cpuNames());
      laneNames.addAll(trace.taskNames());
      laneNames.addAll(trace.lockNames());
      for (int id = 0; id < trace.stringCount(); id++) {
        String s = trace.string(id);
        if (matches(s) && !laneNames.contains(s)) {
          functions.set(id);
        }
      }
    }
    stepper = new TimeStepper<>(this::hitsIn, Hit::ps, trace.startPs(), trace.endPs() + 1,
        FIRST_WINDOW_PS);
  }

  /** Returns true when lane {@code index} of {@code kind} matches. */
  public boolean marks(RowKind kind, int index) {
    return switch (kind) {
      case CPU -> cpus.get(index);
      case TASK -> tasks.get(index);
      case LOCK -> locks.get(index);
    };
  }

  /** Returns the first matching lane from the top (CPUs, tasks, locks), if any. */
  public Optional<Hit> firstLane() {
    for (RowKind k : RowKind.values()) {
      BitSet b = lanes(k);
      if (!b.isEmpty()) {
        int i = b.nextSetBit(0);
        return Optional.of(new Hit(k, i, -1, names(k).get(i)));
      }
    }
    return Optional.empty();
  }

  /** Returns the first occurrence after {@code ps}. */
  public Optional<Hit> next(long ps) {
    return stepper.next(ps);
  }

  /** Returns the last occurrence before {@code ps}. */
  public Optional<Hit> previous(long ps) {
    return stepper.previous(ps);
  }

  /** Says how much matched: {@code "ttas": 0 tasks, 1 lock, 2 functions}. */
  public String summary() {
    if (query.isEmpty()) {
      return "";
    }
    return String.format(Locale.ROOT, "\"%s\": %d CPUs, %d tasks, %d locks, %d functions",
        query, cpus.cardinality(), tasks.cardinality(), locks.cardinality(),
        functions.cardinality());
  }

  /** Returns true when nothing matched. */
  public boolean isEmpty() {
    return cpus.isEmpty() && tasks.isEmpty() && locks.isEmpty() && functions.isEmpty();
  }

  private List<Hit> hitsIn(long from, long to) {
    List<Hit> out = new ArrayList<>();
    for (int t = tasks.nextSetBit(0); t >= 0; t = tasks.nextSetBit(t + 1)) {
      for (TaskInterval i : trace.taskIntervals(t, from, to)) {
        if (i.state() == TaskState.RUNNING && i.startPs() >= from) {
          out.add(new Hit(RowKind.TASK, t, i.startPs(), trace.taskNames().get(t)));
        }
      }
    }
    for (int l = locks.nextSetBit(0); l >= 0; l = locks.nextSetBit(l + 1)) {
      for (LockHold h : trace.lockHolds(l, from, to)) {
        if (h.startPs() >= from) {
          out.add(new Hit(RowKind.LOCK, l, h.startPs(), trace.lockNames().get(l)));
        }
      }
    }
    if (!functions.isEmpty()) {
      for (int c = 0; c < trace.cpuCount(); c++) {
        int before = -2;
        for (CpuInterval i : trace.cpuIntervals(c, Math.max(trace.startPs(), from - 1), to)) {
          int f = i.function();
          if (f >= 0 && functions.get(f) && f != before && i.startPs() >= from) {
            out.add(new Hit(RowKind.CPU, c, i.startPs(), trace.string(f)));
          }
          before = f;
        }
      }
    }
    return out;
  }

  private BitSet lanes(RowKind k) {
    return switch (k) {
      case CPU -> cpus;
      case TASK -> tasks;
      case LOCK -> locks;
    };
  }

  private List<String> names(RowKind k) {
    return switch (k) {
      case CPU -> trace.cpuNames();
      case TASK -> trace.taskNames();
      case LOCK -> trace.lockNames();
    };
  }

  private BitSet matching(List<String> names) {
    BitSet b = new BitSet(names.size());
    for (int i = 0; i < names.size(); i++) {
      if (!query.isEmpty() && matches(names.get(i))) {
        b.set(i);
      }
    }
    return b;
  }

  private boolean matches(String name) {
    return name.toLowerCase(Locale.ROOT).contains(query);
  }
}
