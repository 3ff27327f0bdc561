package org.locksim.testplugins.broken;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.contract.ContractRig;
import org.locksim.lock.spin.Spin;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;

/**
 * A deliberately broken sleeping lock: a waiter whose {@code xchg} failed goes on the wait
 * queue and sleeps without trying the lock again after {@code prepare_to_wait}, the classic
 * lost wakeup. A release that falls between the failed attempt and the enqueue wakes nobody,
 * and the waiter sleeps on a lock that may now be free; the contract must report it.
 */
@LockSpec(name = "test.unchecked-sleep", summary = "broken: sleeps without rechecking the lock")
public final class UncheckedSleepLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  private final WaitQueue waiters;

  public UncheckedSleepLock(LockEnv env, LockParams params) {
    super(env, "test.unchecked-sleep", 1);
    waiters = new WaitQueue(env.name() + " waiters");
    routines(Routine.named("unchecked_lock", this::acquireStep),
        Routine.named("unchecked_unlock", this::releaseStep));
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(waiters);
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.xchg(line, 0, 1);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          // The bug: nothing between here and schedule() looks at the lock word again; the
          // delay stands for the work of taking the wait queue's lock, and widens the window.
          Spin.delay(k, 2_000 * ContractRig.NS);
          k.next(2);
        }
      }
      case 2 -> {
        k.prepareToWait(waiters);
        k.schedule();
        k.next(3);
      }
      case 3 -> {
        k.finishWait(waiters);
        k.xchg(line, 0, 1);
        k.next(1);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.store(line, 0, UNOWNED);
        k.next(1);
      }
      case 1 -> {
        k.wake(waiters, 1);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
