package org.locksim.lock.rw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;

/**
 * The wait list of Linux's rwsem and {@code rwsem_mark_wake}, as in v5.12
 * kernel/locking/rwsem.c. Each waiter is a {@code struct rwsem_waiter} on its task's stack: its
 * type, its timeout and its {@code task} pointer, which the waker clears (with release order) to
 * grant a reader the lock; each task sleeps on a queue of its own, so that the waker can wake
 * any waiter of the list, not only the first. The list's order is kept here, under the
 * semaphore's {@code wait_lock}; its head is word {@link RwSem#LIST} of the semaphore's line.
 *
 * <pre>
 * rwsem_mark_wake(sem, wake_type):
 *   waiter = first; if (waiter is a writer) { if (wake_type == ANY) wake(waiter); return; }
 *   if (wake_type != READ_OWNED) {
 *     adjustment = READER_BIAS; old = fetch_add(count, adjustment);
 *     if (old &amp; WRITER_MASK) { if (!(old &amp; HANDOFF) &amp;&amp; timed out(waiter)) adjustment -= HANDOFF;
 *                            add(count, -adjustment); return; }
 *     set_reader_owned(sem, waiter-&gt;task);
 *   }
 *   move up to MAX_READERS_WAKEUP (0x100) readers of the list, writers skipped, to wlist;
 *   adjustment = woken * READER_BIAS - adjustment; if (list empty) adjustment -= WAITERS;
 *   if (woken &amp;&amp; (count &amp; HANDOFF)) adjustment -= HANDOFF; if (adjustment) add(count, adjustment);
 *   for each waiter of wlist: smp_store_release(&amp;waiter-&gt;task, NULL); wake_q_add(task)
 * wake_up_q(wake_q), after the caller has released wait_lock: wake each task of the wake_q
 * </pre>
 *
 * <p>{@code rwsem_mark_wake} only collects the tasks to wake in its caller's {@code wake_q}
 * (one per waking task; a task already on some wake_q is not added again, as
 * {@code wake_q_add}'s cmpxchg of {@code task->wake_q.next} refuses it); the caller wakes them
 * with {@link #wakeUpQ} once it has let go of {@code wait_lock}, so the lock is not held
 * through the wake-ups (each a call and a transfer of the target run queue's lock).
 */
final class RwSemWaitList {
  /** {@code rwsem_mark_wake}'s wake types. */
  enum WakeType { ANY, READERS, READ_OWNED }

  static final int MAX_READERS_WAKEUP = 0x100;

  private final String name;
  private final CacheLine line;
  private final long timeoutJiffies;
  private final long tickPs;
  private final List<Integer> order = new ArrayList<>();
  private boolean[] writer = new boolean[0];
  private boolean[] granted = new boolean[0];
  private long[] queuedAt = new long[0];
  private boolean[] rdNonspinnable = new boolean[0];
  private WaitQueue[] queues = new WaitQueue[0];
  private final List<Integer> woken = new ArrayList<>();
  private final List<List<Integer>> wakeQs = new ArrayList<>();
  private boolean[] onWakeQ = new boolean[0];
  private final Routine[] markWake = new Routine[WakeType.values().length];
  private final RwSemEvents events;

  /**
   * A list on {@code line} whose waiters time out (for HANDOFF) {@code timeoutJiffies} jiffies
   * after the jiffy they queued in, jiffies counting ticks of {@code tickPs}.
   */
  RwSemWaitList(String name, CacheLine line, long timeoutJiffies, long tickPs, RwSemEvents events) {
    this.events = events;
    this.name = name;
    this.line = line;
    this.timeoutJiffies = timeoutJiffies;
    this.tickPs = tickPs;
    for (WakeType t : WakeType.values()) {
      markWake[t.ordinal()] = Routine.named("rwsem_mark_wake", k -> markWakeStep(k, t));
    }
  }

  /**
   * {@code rwsem_mark_wake(sem, type, &wake_q)}: the caller holds {@code wait_lock}, and calls
   * {@link #wakeUpQ} after releasing it.
   */
  Routine markWake(WakeType type) {
    return markWake[type.ordinal()];
  }

  boolean isEmpty() {
    return order.isEmpty();
  }

  int size() {
    return order.size();
  }

  /** Whether the task with id {@code id} is the list's first waiter. */
  boolean first(int id) {
    return !order.isEmpty() && order.get(0) == id;
  }

  /** {@code list_add_tail}: the waiter of task {@code id}, queued now. */
  void add(int id, boolean isWriter, long now) {
    add(id, isWriter, now, false);
  }

  /**
   * {@link #add(int, boolean, long)}, for a v5.10 reader whose {@code waiter.last_rowner} had
   * {@code RWSEM_RD_NONSPINNABLE} when {@code rdNonspinnable}: granted first, it sets that bit.
   */
  void add(int id, boolean isWriter, long now, boolean rdNonspinnable) {
    grow(id);
    this.rdNonspinnable[id] = rdNonspinnable;
    writer[id] = isWriter;
    granted[id] = false;
    queuedAt[id] = now;
    order.add(id);
  }

  /** {@code list_del} of the waiter of task {@code id}. */
  void remove(int id) {
    order.remove(Integer.valueOf(id));
  }

  /** The queue task {@code id} sleeps on. */
  WaitQueue queue(int id) {
    grow(id);
    return queues[id];
  }

  /** Whether the waker has granted task {@code id} the lock for reading (cleared waiter.task). */
  boolean granted(int id) {
    return id < granted.length && granted[id];
  }

  /**
   * {@code time_after(jiffies, waiter->timeout)} for task {@code id}, its timeout being {@code
   * jiffies + RWSEM_WAIT_TIMEOUT} when it queued: true from the start of the jiffy after that,
   * 4 to 5 ms after queueing at HZ=1000.
   */
  boolean timedOut(int id, long now) {
    return now / tickPs > queuedAt[id] / tickPs + timeoutJiffies;
  }

  /** Whether the wake_q of the running task is empty ({@code wake_q_empty}). */
  boolean wakeQEmpty(Kernel k) {
    int me = k.task().id();
    return me >= wakeQs.size() || wakeQs.get(me).isEmpty();
  }

  /** {@code wake_up_q}: wakes the tasks the running task's wake_q holds, and empties it. */
  void wakeUpQ(Kernel k) {
    int me = k.task().id();
    if (me >= wakeQs.size()) {
      return;
    }
    List<Integer> q = wakeQs.get(me);
    for (int id : q) {
      onWakeQ[id] = false;
      k.wake(queues[id], 1);
    }
    q.clear();
  }

  /** {@code wake_q_add}: task {@code id} into the running task's wake_q, unless on one already. */
  private void wakeQAdd(Kernel k, int id) {
    if (onWakeQ[id]) {
      return;
    }
    onWakeQ[id] = true;
    int me = k.task().id();
    while (wakeQs.size() <= me) {
      wakeQs.add(new ArrayList<>());
    }
    wakeQs.get(me).add(id);
  }

  /** Every waiter's queue, for the lost-wakeup check. */
  List<WaitQueue> queues() {
    return Arrays.stream(queues).filter(q -> q != null).toList();
  }

  private void grow(int id) {
    if (id >= writer.length) {
      int n = Math.max(id + 1, 2 * writer.length);
      writer = Arrays.copyOf(writer, n);
      granted = Arrays.copyOf(granted, n);
      queuedAt = Arrays.copyOf(queuedAt, n);
      rdNonspinnable = Arrays.copyOf(rdNonspinnable, n);
      queues = Arrays.copyOf(queues, n);
      onWakeQ = Arrays.copyOf(onWakeQ, n);
    }
    if (queues[id] == null) {
      queues[id] = new WaitQueue(name + " waiter " + id);
    }
  }

  // locals: 0 adjustment
  private void markWakeStep(Kernel k, WakeType type) {
    switch (k.pc()) {
      case 0 -> {
        int first = order.get(0);
        if (writer[first]) {
          if (type == WakeType.ANY) {
            wakeQAdd(k, first);
            events.wakeWriter++;
          }
          k.ret(0);
        } else if (type != WakeType.READ_OWNED) {
          k.setLocal(0, RwSem.READER_BIAS);
          k.fetchAdd(line, RwSem.COUNT, RwSem.READER_BIAS);
          k.next(1);
        } else {
          k.next(3);
        }
      }
      case 1 -> {
        long old = k.result();
        if ((old & RwSem.WRITER_MASK) != 0) {
          long adjustment = RwSem.READER_BIAS;
          if ((old & RwSem.HANDOFF) == 0 && timedOut(order.get(0), k.now())) {
            adjustment -= RwSem.HANDOFF;
            events.rlockHandoff++;
          }
          k.fetchAdd(line, RwSem.COUNT, -adjustment);
          k.next(9);
        } else {
          k.load(line, RwSem.OWNER);
          k.next(2);
        }
      }
      case 2 -> {
        // __rwsem_set_reader_owned(sem, waiter->task): NONSPINNABLE (v5.10: RD) kept, and v5.10
        // sets RD for a first reader that had seen it.
        int first = order.get(0);
        long owner = RwSem.readerOwner(first) | (k.result() & RwSem.NONSPINNABLE)
            | (rdNonspinnable[first] ? RwSem.RD_NONSPINNABLE : 0);
        k.store(line, RwSem.OWNER, owner);
        k.next(3);
      }
      case 3 -> {
        woken.clear();
        for (int i = 0; i < order.size() && woken.size() < MAX_READERS_WAKEUP; ) {
          int id = order.get(i);
          if (writer[id]) {
            i++;
          } else {
            woken.add(id);
            order.remove(i);
          }
        }
        k.store(line, RwSem.LIST, order.size());  // list_move_tail of the readers
        if (!woken.isEmpty()) {
          events.wakeReader++;
        }
        k.next(4);
      }
      case 4 -> {
        k.load(line, RwSem.COUNT);
        k.next(5);
      }
      case 5 -> {
        long adjustment = woken.size() * RwSem.READER_BIAS - k.local(0);
        if (order.isEmpty()) {
          adjustment -= RwSem.WAITERS;
        }
        if (!woken.isEmpty() && (k.result() & RwSem.HANDOFF) != 0) {
          adjustment -= RwSem.HANDOFF;
        }
        if (adjustment != 0) {
          k.fetchAdd(line, RwSem.COUNT, adjustment);
        }
        k.next(6);
      }
      case 6 -> {
        for (int id : woken) {
          granted[id] = true;
          k.exec(org.locksim.cpu.Instr.STORE, 1);  // smp_store_release(&waiter->task, NULL)
          wakeQAdd(k, id);
        }
        woken.clear();
        k.ret(0);
      }
      case 9 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
