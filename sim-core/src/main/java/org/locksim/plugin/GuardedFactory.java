package org.locksim.plugin;

import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockFactory;
import org.locksim.lock.LockParams;

/**
 * A plugin's factory, whose failures are the plugin's: a constructor that throws becomes a
 * one-line error naming the jar and the class, as a broken jar does at load time.
 */
record GuardedFactory(String jar, String type, LockFactory inner) implements LockFactory {
  @Override
  public Lock create(LockEnv env, LockParams params) {
    try {
      return inner.create(env, params);
    } catch (RuntimeException | LinkageError e) {
      throw PluginJars.error(jar, type + ": making lock \"" + env.name() + "\" threw "
          + PluginJars.thrown(e));
    }
  }
}
