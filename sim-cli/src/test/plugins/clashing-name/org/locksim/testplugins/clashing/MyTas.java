package org.locksim.testplugins.clashing;

import java.util.List;
import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.LockSpec;

/** A plugin that takes the name of a bundled algorithm. */
public final class MyTas implements LockProvider {
  /** Never made: registering it must fail first. */
  @LockSpec(name = "spin.tas", summary = "a second spin.tas")
  public static final class Lock extends org.locksim.lock.Lock {
    public Lock(org.locksim.lock.LockEnv env, org.locksim.lock.LockParams params) {
      super(env, "spin.tas", 1);
    }
  }

  @Override
  public void register(LockRegistry registry) {
    registry.add(Lock.class, List.of(), Lock::new);
  }
}
