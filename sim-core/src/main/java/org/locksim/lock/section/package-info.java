/**
 * Critical sections: FreeBSD's {@code critical_enter}/{@code critical_exit}, which disable
 * preemption and, on i386 of 2004, interrupts, and which a UP kernel's spin mutex reduces to.
 */
package org.locksim.lock.section;
