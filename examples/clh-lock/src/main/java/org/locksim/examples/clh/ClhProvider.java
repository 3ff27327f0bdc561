package org.locksim.examples.clh;

import org.locksim.lock.LockProvider;
import org.locksim.lock.LockRegistry;

/** The plugin's one family: named in META-INF/services/org.locksim.lock.LockProvider. */
public final class ClhProvider implements LockProvider {
  @Override
  public void register(LockRegistry registry) {
    registry.add(ClhLock.class, ClhLock.PARAMS, ClhLock::new);
  }
}
