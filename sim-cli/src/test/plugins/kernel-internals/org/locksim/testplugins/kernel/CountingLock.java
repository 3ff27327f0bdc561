package org.locksim.testplugins.kernel;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.LockSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/** A lock that bumps the workload's operation count, a Kernel method that is no primitive. */
@LockSpec(name = "test.counting", summary = "calls Kernel.countOp")
public final class CountingLock extends Lock implements LockProvider {
  public CountingLock() {
    this(null, null);
  }

  public CountingLock(LockEnv env, LockParams params) {
    super(env, "test.counting", 1);
    routines(Routine.named("counting_lock", this::step), Routine.named("counting_unlock", this::step));
  }

  private void step(Kernel k) {
    k.countOp();
    k.ret(0);
  }

  @Override
  public void register(LockRegistry registry) {
    registry.add(CountingLock.class, List.of(), CountingLock::new);
  }
}
