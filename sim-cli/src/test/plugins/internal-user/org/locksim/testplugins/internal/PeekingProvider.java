package org.locksim.testplugins.internal;

import org.locksim.engine.Simulation;
import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;

/** A plugin that reaches into locksim's engine, which the lock API does not include. */
public final class PeekingProvider implements LockProvider {
  @Override
  public void register(LockRegistry registry) {
    new Simulation();
  }
}
