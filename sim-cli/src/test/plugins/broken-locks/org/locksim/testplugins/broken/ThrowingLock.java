package org.locksim.testplugins.broken;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;

/** A lock whose constructor throws, as one with a bug in its set-up would. */
@LockSpec(name = "test.throws", summary = "broken: its constructor throws")
public final class ThrowingLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();

  public ThrowingLock(LockEnv env, LockParams params) {
    super(env, "test.throws", 1);
    throw new ArithmeticException("/ by zero");
  }
}
