/** The kernel's lock event counts of a run, as {@code /sys/kernel/debug/lock_event_counts} shows them. */
package org.locksim.report.lockevents;
