/**
 * The Linux {@code /proc/lock_stat} table (kernel/locking/lockdep_proc.c, explained in
 * Documentation/locking/lockstat.rst) for the locks of a simulated run, from {@link
 * org.locksim.metrics.LockStats}; plus a table of what the kernel cannot measure (spins, sleeps,
 * spin time, line transfers, percentiles) and the same figures as JSON records for
 * {@code --json}.
 */
package org.locksim.report.lockstat;
