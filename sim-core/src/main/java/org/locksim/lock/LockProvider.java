package org.locksim.lock;

/**
 * A family of lock algorithms to register: the service that a plugin jar names in
 * {@code META-INF/services/org.locksim.lock.LockProvider} and that {@code locksim --plugin
 * PATH.jar} finds through {@link java.util.ServiceLoader}. The bundled algorithms come in
 * through the same interface ({@link BundledLocks}), so a plugin's algorithms sit beside them on
 * equal terms: same registry, same scenario names, same parameter checking, same contract.
 *
 * <p>An implementation has a public no-argument constructor and calls
 * {@link LockRegistry#add} once per algorithm, each a {@link Lock} subclass carrying a
 * {@link LockSpec}. It must not register a name that is already taken.
 */
public interface LockProvider {
  /** Adds this family's algorithms to {@code registry}. */
  void register(LockRegistry registry);
}
