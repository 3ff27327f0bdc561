/**
 * Lock algorithms, one package per family, each algorithm one class registered by name in the
 * {@link org.locksim.lock.LockRegistry} ({@code spin.ttas}, {@code mutex.adaptive}, ...) by a
 * {@link org.locksim.lock.LockProvider}: {@link org.locksim.lock.BundledLocks} for locksim's
 * own, and one per plugin jar for others ({@code docs/extending.md}). The types an algorithm
 * may use are the lock API, {@link org.locksim.lock.LockApi}; the bundled ones use nothing else.
 *
 * <p>An algorithm is a {@link org.locksim.lock.Lock}: a cache line holding its words and two
 * {@link org.locksim.sched.Routine}s, acquire and release, written step by step as the kernel
 * code they model reads, over the machine primitives the {@link org.locksim.sched.Kernel}
 * offers (load, CAS, xchg, fetch-add, fetch-or, store-release, byte and halfword stores and
 * exchanges, pause, event-driven spin waits, block, wake). A reader-writer lock has two more
 * routines, for readers. The base class keeps the ground truth of who holds the lock (the
 * writer, or the count of readers), so every run checks mutual exclusion as it goes and lost
 * wakeups at its end.
 */
package org.locksim.lock;
