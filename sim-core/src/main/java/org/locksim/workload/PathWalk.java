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
 * The benchmark of seed 002: P {@code find} processes traversing the same tree on tmpfs at
 * once. Each entry is a system call whose path lookup takes the mount's mutex a few times (the
 * reference and release of the mount in the lookup of FreeBSD 2015: {@code vfs_ref} and
 * {@code vfs_rel} under {@code MNT_ILOCK}), with lookup work between them, then some user work
 * in {@code find}. A process exits when it has visited every entry; the figure is the time
 * until the last one finishes. Process {@code i} starts where the placement puts it (where
 * Linux's fork balancing puts the i-th new thread by default).
 *
 * @param processes how many {@code find}s run at once
 * @param entries entries in the tree, visited by each process
 * @param lock the mount mutex
 * @param lockTakes times the mount mutex is taken per entry
 * @param critical the work under the mutex each time, with the lines it touches
 * @param lookup kernel lookup work before each take of the mutex
 * @param user user work per entry
 * @param lines the shared lines the critical section touches
 * @param placement where the processes run
 */
public record PathWalk(int processes, long entries, String lock, int lockTakes,
    Work critical, Work lookup, Work user, List<DataLine> lines, Placement placement)
    implements Workload {
  public PathWalk {
    lines = List.copyOf(lines);
  }

  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    Lock l = locks.get(lock);
    Section.Plan section = new SharedData(kernel.machine(), lines, locks).plan(critical);
    for (int i = 0; i < processes; i++) {
      Task t = kernel.newTask("find" + i,
          new Walk(this, l, section, random.stream("find" + i + "/times")));
      kernel.start(t, placement.place(kernel, t, i));
    }
  }

  @Override
  public String opName() {
    return "entry visited";
  }

  @Override
  public boolean finite() {
    return true;
  }

  /** One process's traversal. */
  private static final class Walk extends Routine {
    private final PathWalk w;
    private final Lock lock;
    private final Section.Plan critical;
    private final Section section = new Section(1);
    private final Section.Burst kernelBurst = (k, ps) -> burst(k, ps, false);
    private final SplittableRandom random;
    private long visited;
    private int takes;

    Walk(PathWalk w, Lock lock, Section.Plan critical, SplittableRandom random) {
      super("find", true);
      this.w = w;
      this.lock = lock;
      this.critical = critical;
      this.random = random;
    }

    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 0 -> {
          if (visited == w.entries()) {
            k.exit();
            return;
          }
          k.syscallEnter();
          takes = 0;
          k.next(1);
        }
        case 1 -> {
          burst(k, w.lookup(), false);
          k.next(2);
        }
        case 2 -> {
          k.call(lock.acquire());
          k.next(3);
        }
        case 3 -> {
          section.begin(critical, random, k, null, 0, 0);
          k.next(6);
        }
        case 6 -> k.next(section.step(k, kernelBurst) ? 6 : 4);
        case 4 -> {
          k.call(lock.release());
          k.next(++takes < w.lockTakes() ? 1 : 5);
        }
        case 5 -> {
          k.syscallExit();
          burst(k, w.user(), true);
          visited++;
          k.countOp();
          k.next(0);
        }
        default -> throw new IllegalStateException("pc " + k.pc());
      }
    }

    private void burst(Kernel k, Work d, boolean user) {
      burst(k, d.samplePs(random, k.cpu()), user);
    }

    private void burst(Kernel k, long ps, boolean user) {
      if (ps > 0) {
        k.compute(ps, Math.round(k.cpu().psToCycles(ps)), user);
      }
    }
  }
}
