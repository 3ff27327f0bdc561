/**
 * Reader-writer locks: readers share the lock, a writer holds it alone (Linux's qrwlock).
 * A reader-writer {@link org.locksim.lock.Lock} has read routines beside its write routines,
 * and its ground truth checks that no writer holds it with readers.
 */
package org.locksim.lock.rw;
