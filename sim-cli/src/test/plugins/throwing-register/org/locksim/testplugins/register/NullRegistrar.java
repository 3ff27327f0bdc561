package org.locksim.testplugins.register;

import java.util.List;
import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;

/** A plugin whose {@code register} throws, as one with a bug in its list of locks would. */
public final class NullRegistrar implements LockProvider {
  @Override
  public void register(LockRegistry registry) {
    registry.add(null, List.of(), null);
  }
}
