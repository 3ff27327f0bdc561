/**
 * Sleep mutexes: a task that cannot take the lock goes to sleep on a wait queue (a turnstile
 * or a wait list) and is woken by the releasing task.
 */
package org.locksim.lock.sleep;
