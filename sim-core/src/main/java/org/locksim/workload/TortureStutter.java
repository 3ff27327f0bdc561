package org.locksim.workload;

import java.util.SplittableRandom;
import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * locktorture's stutter (kernel/torture.c, v5.12): the {@code torture_stutter} kthread pauses
 * the test by writing {@code stutter_pause_test}, a global every torture thread reads once per
 * loop in {@code stutter_wait()}:
 *
 * <pre>
 *   torture_stutter:                          stutter_wait (each thread, each loop):
 *   do {                                        spt = READ_ONCE(stutter_pause_test);
 *     stutter_pause_test = 1;                   for (; spt; spt = READ_ONCE(...)) {
 *     hrtimeout(stutter - 3 jiffies + fuzz);      if (spt == 1) sleep one jiffy;
 *     stutter_pause_test = 2;                     else while (READ_ONCE(stutter_pause_test))
 *     hrtimeout(2 jiffies);                              cond_resched();
 *     stutter_pause_test = 0;                   }
 *     hrtimeout(stutter_gap jiffies);
 *   } while (!torture_must_stop());
 * </pre>
 *
 * The fuzz is {@code torture_hrtimeout_jiffies}'s: up to one jiffy, drawn per pause (here from
 * the kthread's own seeded stream). The pause ends with one store that every spinning thread
 * is waiting to see: they re-read the flag in the order their requests reach its home, and
 * that order, not the threads' numbers, is the order in which they then reach the lock. With
 * {@code stutter} 2 the pause is all spinning; the spinners' 10 us hrtimer sleep once in 65,536
 * passes is left out. Every torture thread's loop calls {@link #check} then {@link #act}.
 */
final class TortureStutter {
  static final String THREAD = "torture_stutter";
  private static final int RUNNING = 0;
  private static final int SLEEPING = 1;
  private static final int SPINNING = 2;

  private final int jiffies;
  private final CacheLine flag;

  /**
   * @param jiffies {@code stutter} (and {@code stutter_gap}, as locktorture passes it); below 2
   *     the test never pauses and the flag is never written ({@link #pauses})
   */
  TortureStutter(int jiffies, CacheLine flag) {
    if (jiffies < 0) {
      throw new IllegalArgumentException("stutter of " + jiffies + " jiffies");
    }
    this.jiffies = jiffies;
    this.flag = flag;
  }

  /** Whether the test pauses at all: whether the kthread is started ({@code stutter > 1}). */
  boolean pauses() {
    return jiffies > 1;
  }

  /** The {@code torture_stutter} kthread, drawing its fuzz from {@code random}. */
  Routine thread(SplittableRandom random) {
    return new Routine(THREAD, false) {
      @Override
      public void step(Kernel k) {
        long tick = k.machine().kernel().tickPs();
        switch (k.pc()) {
          case 0 -> {
            if (jiffies > 2) {
              k.store(flag, 0, SLEEPING);
              k.next(1);
            } else {
              k.next(2);
            }
          }
          case 1 -> {
            k.sleep((jiffies - 3) * tick + random.nextLong(tick) + 1);
            k.next(2);
          }
          case 2 -> {
            k.store(flag, 0, SPINNING);
            k.next(3);
          }
          case 3 -> {
            k.sleep((jiffies > 2 ? 2 : jiffies) * tick);
            k.next(4);
          }
          case 4 -> {
            k.store(flag, 0, RUNNING);
            k.next(5);
          }
          case 5 -> {
            k.sleep(jiffies * tick);
            k.next(0);
          }
          default -> throw new IllegalStateException("pc " + k.pc());
        }
      }
    };
  }

  /** {@code stutter_wait()}'s read of the flag (after its call and RCU quiescent state); {@link #act} goes on at {@code next}. */
  void check(Kernel k, int next) {
    k.exec(Instr.CALL, 2);
    k.load(flag, 0);
    k.next(next);
  }

  /**
   * What the flag just read says: run on (then {@code torture_must_stop()}, and the loop's top),
   * sleep a jiffy, or spin until the pause ends; both of the last read it again at {@code check}.
   */
  void act(Kernel k, int check) {
    long spt = k.result();
    if (spt == SLEEPING) {
      k.sleep(k.machine().kernel().tickPs());       // schedule_timeout_interruptible(1)
      k.next(check);
    } else if (spt == SPINNING) {
      // while (READ_ONCE(...)) cond_resched(): the spin gives way when need_resched is set (a
      // woken task, the stutter kthread among them, that should run here), as the loop's
      // cond_resched() does; the task is preempted at the step that follows.
      k.spinUntil(flag, 0, RUNNING, 0, null, true);
      k.next(check);
    } else {
      k.exec(Instr.CALL, 1);                         // torture_must_stop()
      k.exec(Instr.LOAD, 1);
      k.next(0);
    }
  }
}
