/**
 * Reader-writer locks: readers share the lock, a writer holds it alone. Linux's qrwlock
 * ({@code rw.qrwlock}) and rwsem ({@code rw.rwsem}, with its wait list, reader and writer sides
 * in {@code RwSemWaitList}, {@code RwSemReader} and {@code RwSemWriter}), and FreeBSD 13's
 * rwlock ({@code rw.freebsd}, its sides in {@code FreeBsdRwWriter} and {@code FreeBsdRwReader}).
 * A reader-writer {@link org.locksim.lock.Lock} has read routines beside its write routines,
 * and its ground truth checks that no writer holds it with readers.
 */
package org.locksim.lock.rw;
