package org.locksim.ui.timeline;

import java.util.List;
import org.locksim.trace.CounterSample;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.LockHold;
import org.locksim.trace.Picos;
import org.locksim.trace.TaskInterval;
import org.locksim.trace.TraceFile;

/**
 * Says in words what a lane shows at one instant, for the status line under the pointer:
 * {@code CPU 3 (socket 0, core 3, thread 0) at 101.54 us: SPINNING in ttas_lock, worker3,
 * 401.7 ns (101.54 us to 101.94 us)}. It reads the exact interval from the trace, whatever the
 * zoom, so what it says is never a summary.
 */
public final class Describer {
  private final TraceFile trace;

  public Describer(TraceFile trace) {
    this.trace = trace;
  }

  /** Describes {@code line} at {@code ps}; a header or a gap gives just the row and the time. */
  public String describe(RowLayout.Line line, long ps) {
    String at = line.label() + " at " + Picos.format(ps);
    if (line.header()) {
      return at;
    }
    if (line.counter() != null) {
      List<CounterSample> c = trace.counters(line.counter(), line.index(), ps, ps + 1);
      return c.isEmpty() ? at + ": no sample yet"
          : at + ": " + c.get(c.size() - 1).value() + " (since " + Picos.format(c.get(c.size() - 1).timePs()) + ")";
    }
    return switch (line.kind()) {
      case CPU -> cpu(at, trace.cpuIntervals(line.index(), ps, ps + 1));
      case TASK -> task(at, trace.taskIntervals(line.index(), ps, ps + 1));
      case LOCK -> lock(at, trace.lockHolds(line.index(), ps, ps + 1));
    };
  }

  private String cpu(String at, List<CpuInterval> found) {
    if (found.isEmpty()) {
      return at + ": nothing recorded";
    }
    CpuInterval i = found.get(found.size() - 1);
    StringBuilder sb = new StringBuilder(at).append(": ").append(i.state());
    if (i.function() >= 0) {
      sb.append(" in ").append(trace.string(i.function()));
    }
    if (i.task() >= 0) {
      sb.append(", ").append(taskName(i.task()));
    }
    return span(sb, i.startPs(), i.endPs());
  }

  private String task(String at, List<TaskInterval> found) {
    if (found.isEmpty()) {
      return at + ": nothing recorded";
    }
    TaskInterval i = found.get(found.size() - 1);
    StringBuilder sb = new StringBuilder(at).append(": ").append(i.state());
    if (i.lock() >= 0) {
      sb.append(" on ").append(trace.lockNames().get(i.lock()));
    }
    return span(sb, i.startPs(), i.endPs());
  }

  private String lock(String at, List<LockHold> found) {
    if (found.isEmpty()) {
      return at + ": free";
    }
    LockHold h = found.get(found.size() - 1);
    StringBuilder sb = new StringBuilder(at).append(": held by ").append(taskName(h.ownerTask()));
    return span(sb, h.startPs(), h.endPs());
  }

  private String taskName(int task) {
    List<String> names = trace.taskNames();
    return task < names.size() ? names.get(task) : "task " + task;
  }

  private static String span(StringBuilder sb, long from, long to) {
    return sb.append(", ").append(Picos.format(to - from)).append(" (").append(Picos.format(from))
        .append(" to ").append(Picos.format(to)).append(')').toString();
  }
}
