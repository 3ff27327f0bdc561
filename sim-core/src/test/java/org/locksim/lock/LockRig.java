package org.locksim.lock;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.locksim.engine.Simulation;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * A test-only contention loop: {@code tasks} tasks on {@code cpus} CPUs each take one lock,
 * compute in system mode while holding it, let go and think in user mode for a time drawn from
 * the task's own random stream, until a stop time;
 * then each task exits, and the run goes on for a grace period so that every task still
 * waiting can get the lock once more and leave. A task that never leaves is stuck: a lost
 * wakeup, a deadlock or a livelock.
 */
final class LockRig {
  static final long NS = 1_000;
  static final long MS = 1_000_000_000L;
  private static final long SEED = 20240324;
  /** Every critical section: 300 ns of system-mode work. */
  static final long CRITICAL_PS = 300 * NS;
  private static final long THINK_MIN_PS = 400 * NS;

  /**
   * What a run produced.
   *
   * @param acquisitions lock acquisitions per task, in the measured window
   * @param stuck tasks that had not exited after the grace period
   * @param violations what {@link Lock#verify} reported
   * @param events events the simulation ran
   * @param lineTransfers transfers of the lock's own cache line
   * @param contentions times a task reported finding the lock held
   * @param maxReaders the most readers that held a lock at once
   */
  record Result(long[] acquisitions, List<String> stuck, List<String> violations, long events,
      long lineTransfers, long contentions, int maxReaders) {
    long total() {
      return Arrays.stream(acquisitions).sum();
    }

    long min() {
      return Arrays.stream(acquisitions).min().orElse(0);
    }
  }

  private LockRig() { }

  /** Runs {@code entry} with default parameters. */
  static Result run(LockRegistry.Entry entry, int cpus, int tasks, long runPs) {
    return run(entry, LockParams.defaults(entry.params()), cpus, tasks, runPs);
  }

  static Result run(LockRegistry.Entry entry, LockParams params, int cpus, int tasks, long runPs) {
    return run(entry, params, cpus, tasks, runPs, false);
  }

  /**
   * Runs {@code entry}; with {@code twoOnOneLine}, two such locks share one cache line: the
   * first {@code cpus} tasks (one per CPU) take the first lock, the next {@code cpus} the
   * second, and so on in turn (the results count both locks).
   */
  static Result run(LockRegistry.Entry entry, LockParams params, int cpus, int tasks, long runPs,
      boolean twoOnOneLine) {
    return run(entry, params, cpus, tasks, runPs, twoOnOneLine, false);
  }

  /**
   * As above; with {@code readers}, every other task of a reader-writer lock takes it for
   * reading (the others for writing).
   */
  static Result run(LockRegistry.Entry entry, LockParams params, int cpus, int tasks, long runPs,
      boolean twoOnOneLine, boolean readers) {
    Simulation sim = new Simulation();
    Machine machine = TestMachines.machine(cpus);
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    List<Lock> locks = new ArrayList<>();
    if (twoOnOneLine) {
      CacheLine home = machine.newLine("shared", 0);
      locks.add(entry.factory().create(new LockEnv("l", machine, home), params));
      locks.add(entry.factory().create(new LockEnv("m", machine, home), params));
    } else {
      locks.add(entry.factory().create(new LockEnv("l", machine), params));
    }
    RandomStreams random = new RandomStreams(SEED);
    long[] contentions = new long[1];
    for (Lock lock : locks) {
      lock.observe(new LockObserver() {
        @Override
        public void contended(Lock l, Task t, long now) {
          contentions[0]++;
        }
      });
    }
    long[] acquisitions = new long[tasks];
    List<Task> all = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      SplittableRandom think = random.stream("worker" + i + "/think");
      Lock lock = locks.get((i / cpus) % locks.size());
      boolean reads = readers && lock.readerWriter() && i % 2 == 1;
      Task t = kernel.newTask("worker" + i, loop(reads ? lock.readAcquire() : lock.acquire(),
          reads ? lock.readRelease() : lock.release(), acquisitions, runPs, CRITICAL_PS, think,
          thinkMaxPs(cpus)));
      all.add(t);
      kernel.start(t, i % cpus);
    }
    kernel.startTicks();
    sim.runUntil(runPs + 50 * MS);
    List<String> stuck = new ArrayList<>();
    for (Task t : all) {
      if (t.state() != TaskState.EXITED) {
        stuck.add(t.toString());
      }
    }
    List<String> violations = new ArrayList<>();
    for (Lock lock : locks) {
      violations.addAll(lock.verify(kernel));
    }
    int maxReaders = locks.stream().mapToInt(Lock::maxReaders).max().orElse(0);
    return new Result(acquisitions, stuck, violations, sim.eventsRun(),
        locks.get(0).line().transfers(), contentions[0], maxReaders);
  }

  /**
   * The longest think time on {@code cpus} CPUs: 400 ns plus 150 ns per CPU. The lock stays
   * saturated (the tasks ask for more than 100% of its time) at every size, but the line's
   * queue of transfers drains between acquisitions. With shorter thinks on 64 CPUs, test-and-set
   * locks let the releasing CPU, whose copy of the line is still valid, take the lock again
   * before the other waiters' reads come back: the capture is a property of those locks, not
   * a broken contract, so the contract workload avoids it.
   */
  static long thinkMaxPs(int cpus) {
    return (400 + 150L * cpus) * NS;
  }

  private static Routine loop(Routine acquire, Routine release, long[] acquisitions, long stopAt,
      long critPs, SplittableRandom think, long thinkMaxPs) {
    return new Routine("lock_loop") {
      @Override
      public void step(Kernel k) {
        switch (k.pc()) {
          case 0 -> {
            if (k.now() >= stopAt) {
              k.exit();
            } else {
              k.call(acquire);
              k.next(1);
            }
          }
          case 1 -> {
            if (k.now() < stopAt) {
              acquisitions[k.task().id()]++;
            }
            k.compute(critPs, critPs / 400, false);
            k.next(2);
          }
          case 2 -> {
            k.call(release);
            k.next(3);
          }
          case 3 -> {
            long thinkPs = think.nextLong(THINK_MIN_PS, thinkMaxPs + 1);
            k.compute(thinkPs, thinkPs / 400, true);
            k.next(0);
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }
}
