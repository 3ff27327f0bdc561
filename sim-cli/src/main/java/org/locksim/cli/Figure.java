package org.locksim.cli;

import java.util.function.ToDoubleFunction;
import org.locksim.run.Fairness;
import org.locksim.run.RunResult;
import org.locksim.run.WaitTimes;
import org.locksim.sched.CpuMode;

/** A figure of one run that {@code compare} and {@code sweep} can take, with its unit. */
public enum Figure {
  elapsed("elapsed s", RunResult::elapsedSeconds),
  ops("ops/s", RunResult::opsPerSecond),
  cyclesPerOp("cycles/op", RunResult::cyclesPerOp),
  taskClock("task-clock ms", RunResult::taskClockMs),
  user("user ms", r -> r.ms(CpuMode.USER)),
  sys("sys ms", r -> r.sysMs()),
  spinning("spinning ms", r -> r.ms(CpuMode.SPINNING)),
  cycles("cycles", RunResult::cycles),
  instructions("instructions", r -> r.instructions()),
  branches("branches", r -> r.branches()),
  contextSwitches("context-switches", r -> r.counters().contextSwitches()),
  migrations("cpu-migrations", r -> r.counters().migrations()),
  pageFaults("page-faults", r -> r.pageFaults()),
  fairness("Jain's fairness", r -> Fairness.jain(r.taskCounts())),
  topHalfShare("top-half share", r -> Fairness.topHalfShare(r.taskCounts())),
  sameSocket("same-socket hand-offs", r -> Fairness.sameSocketShare(r.locks())),
  sameCore("same-core hand-offs", r -> Fairness.sameCoreShare(r.locks())),
  readShare("read share", r -> Fairness.readShare(r.locks())),
  waitP50("wait p50 ns", r -> WaitTimes.percentileNs(r.locks(), 50)),
  waitP99("wait p99 ns", r -> WaitTimes.percentileNs(r.locks(), 99)),
  transfersPerOp("line transfers/op", RunResult::transfersPerOp),
  pendingShare("pending-bit share", r -> r.lockEventShare("lock_pending")),
  queuedShare("queued share", r -> r.lockEventShare("lock_slowpath"));

  final String label;
  final ToDoubleFunction<RunResult> f;

  Figure(String label, ToDoubleFunction<RunResult> f) {
    this.label = label;
    this.f = f;
  }

  /** This figure of run {@code r}. */
  public double of(RunResult r) {
    return f.applyAsDouble(r);
  }
}
