package org.locksim.workload;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.locksim.lock.Lock;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * N tasks looping over a system call that takes a lock, runs a critical section (system time)
 * and releases it, then think time in user mode; on one lock or, round-robin, several: the
 * shape of Linux's test-mutex and of lock micro-benchmarks generally. The system call pays the
 * model's null-syscall cost, and a non-preemptible kernel preempts tasks only outside it. In
 * user space ({@code userSpace}: the lock is a user-space library's, as in LiTL, libslock and
 * the textbook experiments) there is no system call, and the lock, the section and the work
 * after it are user time ({@link Kernel#userSpaceLocks}). One
 * operation is one lock/unlock pair. Task {@code i} starts where the placement puts it (by
 * default where fork balancing puts the i-th new thread); each task draws from its own random
 * streams.
 *
 * <p>On reader-writer locks some acquisitions may be reads: every acquisition of the first
 * {@code readers} tasks (dedicated readers, as locktorture's {@code nreaders_stress}), or each
 * acquisition of the other tasks with probability {@code readFraction}, drawn from the task's
 * stream {@code task<i>/mode} (the read-mostly mixes of reader-writer lock benchmarks: Calciu,
 * Dice, Lev, Luchangco, Marathe and Shavit, "NUMA-aware reader-writer locks", PPoPP 2013). A
 * read runs the same section with its stores left out: a reader reads the data the lock
 * protects and writes none of it.
 *
 * <p>With {@code fenceAroundRelease} a full barrier comes before and after each release, as
 * libslock's stress test (the benchmark of David, Guerraoui and Trigonakis, "Everything you
 * always wanted to know about synchronization but were afraid to ask", SOSP 2013) puts
 * {@code MEM_BARRIER} on both sides of {@code release_lock}: the release waits until the
 * section's stores are visible, and the task's next acquisition until the release is.
 *
 * @param tasks number of tasks
 * @param locks lock names, taken in turn
 * @param critical the work inside the lock, with the shared lines it touches
 * @param outside kernel work of the system call outside the lock, after releasing it
 * @param think user work between system calls
 * @param lines the shared lines the critical section touches
 * @param placement where the tasks run
 * @param userSpace whether the loop is a user-space program's (no system call)
 * @param readers how many tasks, the first ones, take their locks for reading only
 * @param readFraction the probability that one acquisition of any other task is a read
 * @param fenceAroundRelease whether a full barrier comes before and after each release
 */
public record ContentionLoop(int tasks, List<String> locks, Work critical,
    Work outside, Work think, List<DataLine> lines, Placement placement, boolean userSpace,
    int readers, double readFraction, boolean fenceAroundRelease)
    implements Workload {
  public ContentionLoop {
    locks = List.copyOf(locks);
    lines = List.copyOf(lines);
  }

  @Override
  public void start(Kernel kernel, Map<String, Lock> all, RandomStreams random) {
    Lock[] ls = locks.stream().map(all::get).toArray(Lock[]::new);
    Section.Plan section = new SharedData(kernel.machine(), lines, all).plan(critical);
    for (int i = 0; i < tasks; i++) {
      // No stream is drawn for an exclusive loop, so its runs stay what they were.
      Reads reads = i < readers ? Reads.ALWAYS
          : readFraction > 0 ? new Reads(readFraction, random.stream("task" + i + "/mode"))
          : Reads.NEVER;
      Task t = kernel.newTask("worker" + i,
          new Loop(ls, section, reads, outside, think, random.stream("task" + i + "/critical"),
              random.stream("task" + i + "/outside"), random.stream("task" + i + "/think"),
              i % ls.length, userSpace, fenceAroundRelease));
      if (userSpace) {
        kernel.userSpaceLocks(t);
      }
      kernel.start(t, placement.place(kernel, t, i));
    }
  }

  @Override
  public String opName() {
    return "lock+unlock pair";
  }

  /**
   * Each task's acquisitions of each lock, counted as locktorture counts its threads': a
   * fairness summary (a test-and-set lock may starve some tasks, a ticket lock serves them in
   * turn) and a check that no task took a lock another held.
   */
  @Override
  public List<TaskGroup> taskGroups() {
    return locks.stream().distinct()
        .map(l -> new TaskGroup(locks.size() == 1 ? "Acquisitions" : "Acquisitions of " + l, l, "worker", tasks))
        .toList();
  }

  /** Whether each acquisition of one task is a read: with probability {@code p}, from {@code r}. */
  private record Reads(double p, SplittableRandom r) {
    static final Reads NEVER = new Reads(0, null);
    static final Reads ALWAYS = new Reads(1, null);

    boolean next() {
      return r == null ? p == 1 : r.nextDouble() < p;
    }
  }

  /** One task's loop. */
  private static final class Loop extends Routine {
    private final Lock[] locks;
    private final Section.Plan critical;
    private final Section.Plan readCritical;
    private final Reads reads;
    private boolean reading;
    private final Section section = new Section(1);
    private final Work outside;
    private final Work think;
    private final SplittableRandom criticalRandom;
    private final SplittableRandom outsideRandom;
    private final SplittableRandom thinkRandom;
    private final boolean user;
    private final boolean fence;
    private int next;

    Loop(Lock[] locks, Section.Plan critical, Reads reads, Work outside, Work think,
        SplittableRandom cr, SplittableRandom or, SplittableRandom tr, int first, boolean user,
        boolean fence) {
      // The loop itself is the program: user code that calls into the kernel's locks.
      super("worker", true);
      this.locks = locks;
      this.critical = critical;
      this.readCritical = reads == Reads.NEVER ? critical : critical.loadsOnly();
      this.reads = reads;
      this.outside = outside;
      this.think = think;
      this.criticalRandom = cr;
      this.outsideRandom = or;
      this.thinkRandom = tr;
      this.next = first;
      this.user = user;
      this.fence = fence;
    }

    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 0 -> {
          if (!user) {
            k.syscallEnter();
          }
          reading = reads.next();
          k.call(reading ? locks[next].readAcquire() : locks[next].acquire());
          k.next(1);
        }
        case 1 -> {
          section.begin(reading ? readCritical : critical, criticalRandom, k, null, 0, 0);
          k.next(5);
        }
        case 5 -> k.next(section.step(k, user ? Loop::userBurst : Loop::kernelBurst) ? 5 : 2);
        case 2 -> {
          if (fence) {
            k.fence();
            k.next(6);
          } else {
            release(k);
          }
        }
        case 6 -> release(k);
        case 7 -> {
          k.fence();
          k.next(4);
        }
        case 4 -> {
          long ps = outside.samplePs(outsideRandom, k.cpu());
          if (ps > 0) {
            k.compute(ps, Math.round(k.cpu().psToCycles(ps)), user);
          }
          k.next(3);
        }
        case 3 -> {
          if (!user) {
            k.syscallExit();
          }
          long ps = think.samplePs(thinkRandom, k.cpu());
          if (ps > 0) {
            k.compute(ps, Math.round(k.cpu().psToCycles(ps)), true);
          }
          k.next(0);
        }
        default -> throw new IllegalStateException("pc " + k.pc());
      }
    }

    private void release(Kernel k) {
      k.call(reading ? locks[next].readRelease() : locks[next].release());
      k.countOp();
      next = (next + 1) % locks.length;
      k.next(fence ? 7 : 4);
    }

    private static void kernelBurst(Kernel k, long ps) {
      if (ps > 0) {
        k.compute(ps, Math.round(k.cpu().psToCycles(ps)), false);
      }
    }

    private static void userBurst(Kernel k, long ps) {
      if (ps > 0) {
        k.compute(ps, Math.round(k.cpu().psToCycles(ps)), true);
      }
    }
  }
}
