package org.locksim.testplugins.throwing;

import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;

/** A plugin whose constructor throws, as one that reads a missing configuration would. */
public final class ThrowingProvider implements LockProvider {
  public ThrowingProvider() {
    throw new IllegalStateException("no configuration");
  }

  @Override
  public void register(LockRegistry registry) { }
}
