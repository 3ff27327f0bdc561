/**
 * Sleep mutexes: a task that cannot take the lock goes to sleep on a wait queue (a turnstile
 * or a wait list) and is woken by the releasing task. Adaptive ones spin first while the owner
 * runs; Linux's since 3.10 queue their spinners on an {@link
 * org.locksim.lock.sleep.OptimisticSpinQueue}, an MCS queue with per-CPU nodes.
 */
package org.locksim.lock.sleep;
