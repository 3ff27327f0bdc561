package org.locksim.testplugins.broken;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/** A lock whose acquire throws on its first step, as a state machine with a missing case does. */
@LockSpec(name = "test.throws-mid-run", summary = "broken: its acquire step throws")
public final class MidRunThrower extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  public MidRunThrower(LockEnv env, LockParams params) {
    super(env, "test.throws-mid-run", 1);
    routines(Routine.named("thrower_lock", this::step), Routine.named("thrower_unlock", this::step));
  }

  private void step(Kernel k) {
    throw new IllegalStateException("pc " + k.pc());
  }
}
