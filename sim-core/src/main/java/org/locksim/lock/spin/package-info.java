/**
 * Spin locks: tasks wait for the lock on their CPU, burning time that is accounted as spinning.
 * Waiting is event-driven: a spinner that holds a shared copy of the lock line waits for it to
 * be written, and costs no events in between.
 */
package org.locksim.lock.spin;
