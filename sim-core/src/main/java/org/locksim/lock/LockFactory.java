package org.locksim.lock;

/** Makes a lock instance from its parameters. */
@FunctionalInterface
public interface LockFactory {
  Lock create(LockEnv env, LockParams params);
}
