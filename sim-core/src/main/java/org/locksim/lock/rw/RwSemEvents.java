package org.locksim.lock.rw;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * v5.12 rwsem's lock events (kernel/locking/lock_events_list.h; {@code lockevent_inc} in
 * kernel/locking/rwsem.c), counted where that rwsem.c counts them:
 * <ul>
 *   <li>{@code rwsem_sleep_reader}, {@code rwsem_sleep_writer}: a waiter back from
 *       {@code schedule()} in its wait loop;</li>
 *   <li>{@code rwsem_wake_reader}: a {@code rwsem_mark_wake} that woke readers (one per call,
 *       {@code lockevent_cond_inc}); {@code rwsem_wake_writer}: one that woke the writer at the
 *       head of the list;</li>
 *   <li>{@code rwsem_opt_lock}: a writer's {@code rwsem_try_write_lock_unqueued} that took the
 *       lock while spinning; {@code rwsem_opt_fail}: {@code rwsem_can_spin_on_owner} said no, or
 *       {@code rwsem_optimistic_spin} ended without the lock; {@code rwsem_opt_nospin}: a writer
 *       that spun on readers past its threshold set NONSPINNABLE;</li>
 *   <li>{@code rwsem_rlock}: a reader granted the lock after waiting; {@code rwsem_rlock_steal}:
 *       reader lock stealing; {@code rwsem_rlock_fast}: a reader that found the wait list empty
 *       and no writer; {@code rwsem_rlock_handoff}: a reader at the head of the list that set
 *       HANDOFF;</li>
 *   <li>{@code rwsem_wlock}: a writer that took the lock in the slow path's loop;
 *       {@code rwsem_wlock_handoff}: a first waiter that timed out and will set HANDOFF;</li>
 *   <li>{@code rwsem_rlock_fail}, {@code rwsem_wlock_fail}: a wait cut by a signal, which the
 *       model never sends: always 0.</li>
 * </ul>
 */
final class RwSemEvents {
  long sleepReader;
  long sleepWriter;
  long wakeReader;
  long wakeWriter;
  long optLock;
  long optFail;
  long optNospin;
  long rlock;
  long rlockSteal;
  long rlockFast;
  long rlockHandoff;
  long wlock;
  long wlockHandoff;

  /** The counts under the kernel's names, in its order. */
  Map<String, Long> asMap() {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("rwsem_sleep_reader", sleepReader);
    out.put("rwsem_sleep_writer", sleepWriter);
    out.put("rwsem_wake_reader", wakeReader);
    out.put("rwsem_wake_writer", wakeWriter);
    out.put("rwsem_opt_lock", optLock);
    out.put("rwsem_opt_fail", optFail);
    out.put("rwsem_opt_nospin", optNospin);
    out.put("rwsem_rlock", rlock);
    out.put("rwsem_rlock_steal", rlockSteal);
    out.put("rwsem_rlock_fast", rlockFast);
    out.put("rwsem_rlock_fail", 0L);
    out.put("rwsem_rlock_handoff", rlockHandoff);
    out.put("rwsem_wlock", wlock);
    out.put("rwsem_wlock_fail", 0L);
    out.put("rwsem_wlock_handoff", wlockHandoff);
    return out;
  }
}
