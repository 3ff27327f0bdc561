/**
 * Queue locks: each waiter spins on a cache line of its own and the lock is handed from one
 * waiter to the next, so a release costs one line transfer however many wait (MCS; later
 * Linux's MCS-queued optimistic spinning and qspinlock).
 */
package org.locksim.lock.queued;
