package org.locksim.lock.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.locksim.engine.Simulation;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockObserver;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockRegistry;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;

/**
 * The contract's contention loop: tasks on the {@link ContractMachine} each take one lock,
 * compute in system mode while holding it and, a writer, end the section with a store to a
 * line of the data the lock protects (it misses when the last holder ran elsewhere, so the
 * release waits behind it in the store buffer and waiters read or swap the lock word from
 * under it), let go and think in user mode for a time drawn from
 * the task's own random stream, until a stop time; then each task exits, and the run goes on
 * for a grace period so that every task still waiting can get the lock once more and leave. A
 * task that never leaves is stuck: a lost wakeup, a deadlock or a livelock.
 */
public final class ContractRig {
  public static final long NS = 1_000;
  public static final long MS = 1_000_000_000L;
  /** Every critical section: 300 ns of system-mode work. */
  public static final long CRITICAL_PS = 300 * NS;
  private static final long THINK_MIN_PS = 400 * NS;
  /** After the stop time, for every waiter to get the lock once more and exit. */
  private static final long GRACE_PS = 50 * MS;

  private ContractRig() { }

  /** Runs {@code entry} with {@code params} as {@code setup} says. */
  public static ContractRun run(LockRegistry.Entry entry, LockParams params, ContractSetup setup) {
    Simulation sim = new Simulation();
    Machine machine = ContractMachine.machine(setup.cpus());
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    kernel.seed(setup.seed());
    List<Lock> locks = new ArrayList<>();
    if (setup.twoOnOneLine()) {
      CacheLine home = machine.newLine("shared", 0);
      locks.add(entry.factory().create(new LockEnv("l", machine, home), params));
      locks.add(entry.factory().create(new LockEnv("m", machine, home), params));
    } else {
      locks.add(entry.factory().create(new LockEnv("l", machine), params));
    }
    List<CacheLine> data = new ArrayList<>();
    for (Lock lock : locks) {
      data.add(machine.newLine(lock.name() + ".data", 1));
    }
    RandomStreams random = new RandomStreams(setup.seed());
    long[] contentions = new long[1];
    for (Lock lock : locks) {
      lock.observe(new LockObserver() {
        @Override
        public void contended(Lock l, Task t, long now) {
          contentions[0]++;
        }
      });
    }
    int cpus = setup.cpus();
    long[] acquisitions = new long[setup.tasks()];
    List<Task> all = new ArrayList<>();
    for (int i = 0; i < setup.tasks(); i++) {
      SplittableRandom think = random.stream("worker" + i + "/think");
      int which = (i / cpus) % locks.size();
      Lock lock = locks.get(which);
      boolean reads = setup.readers() && lock.readerWriter() && i % 2 == 1;
      Task t = kernel.newTask("worker" + i, loop(reads ? lock.readAcquire() : lock.acquire(),
          reads ? lock.readRelease() : lock.release(), reads ? null : data.get(which),
          acquisitions, setup.runPs(), think, thinkMaxPs(cpus)));
      all.add(t);
      if (lock.userSpaceOnly()) {
        // A user-space library's lock runs in a user-space program, preemptible anywhere.
        kernel.userSpaceLocks(t);
      }
      kernel.start(t, i % cpus);
    }
    kernel.startTicks();
    sim.runUntil(setup.runPs() + GRACE_PS);
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
    return new ContractRun(acquisitions, stuck, violations, sim.eventsRun(),
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
  public static long thinkMaxPs(int cpus) {
    return (400 + 150L * cpus) * NS;
  }

  private static Routine loop(Routine acquire, Routine release, CacheLine data,
      long[] acquisitions, long stopAt, SplittableRandom think, long thinkMaxPs) {
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
            k.compute(CRITICAL_PS, CRITICAL_PS / 400, false);
            k.next(data != null ? 4 : 2);
          }
          case 4 -> {
            // The section's last store, just before the release.
            k.store(data, 0, k.task().id());
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
