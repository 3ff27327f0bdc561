package org.locksim.workload;

import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * The uncontended micro-benchmark of seed 004: one task takes and releases one lock in a loop,
 * nothing else running, and the figure is cycles per acquire-plus-release pair. The loop's own
 * instructions are not priced, as a benchmark that subtracts an empty loop would report.
 *
 * @param lock name of the lock
 * @param cpu the CPU the task starts on
 * @param placement the CPUs it may run on
 */
public record UncontendedLoop(String lock, int cpu, Placement placement) implements Workload {
  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    Lock l = locks.get(lock);
    Routine loop = new Routine("bench_loop") {
      @Override
      public void step(Kernel k) {
        if (k.pc() == 0) {
          k.call(l.acquire());
          k.next(1);
        } else {
          k.call(l.release());
          k.countOp();
          k.next(0);
        }
      }
    };
    Task t = kernel.newTask("bench", loop);
    kernel.setAffinity(t, placement.allowed(0, kernel.machine()));
    kernel.start(t, cpu);
  }

  @Override
  public String opName() {
    return "lock+unlock pair";
  }
}
