package org.locksim.testplugins.broken;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * A deliberately broken lock: test-and-set written as a plain load and a plain store, the bug
 * of a lock that forgot its atomic. Two CPUs that both load 0 before either stores 1 both take
 * the lock, so the contract must report mutual exclusion broken.
 */
@LockSpec(name = "test.racy-tas", summary = "broken: load, then store, no atomic")
public final class RacyTasLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  public RacyTasLock(LockEnv env, LockParams params) {
    super(env, "test.racy-tas", 1);
    routines(Routine.named("racy_lock", this::acquireStep), Routine.named("racy_unlock", this::releaseStep));
  }

  private void acquireStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        k.preemptDisable();
        k.load(line, 0);
        k.next(1);
      }
      case 1 -> {
        if (k.result() == UNOWNED) {
          k.store(line, 0, 1);
          k.next(2);
        } else {
          contended(k);
          k.spinWait(line, 0, null, false);
          k.next(3);
        }
      }
      case 2 -> {
        acquired(k);
        k.ret(0);
      }
      case 3 -> {
        k.load(line, 0);
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
        k.preemptEnable();
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
