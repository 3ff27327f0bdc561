package org.locksim.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;
import org.locksim.sched.WaitQueue;

/**
 * A lock instance: its cache line, its acquire and release routines, and the ground truth of
 * who holds it. Algorithms call {@link #acquired} when their code has taken the lock and
 * {@link #released} when it lets go; the base class records a violation when two tasks hold it
 * at once or a task releases a lock it does not hold, and {@link #verify} reports them and any
 * lost wakeup at the end of the run.
 */
public abstract class Lock {
  /** Lock word value of a free lock. */
  public static final long UNOWNED = 0;

  private final String name;
  private final String algorithm;
  protected final CacheLine line;
  private int holder = -1;
  private long acquiredAt;
  private final List<String> violations = new ArrayList<>();
  private long acquisitions;
  private long holdPs;
  private LockObserver observer = LockObserver.NONE;

  protected Lock(LockEnv env, String algorithm, int words) {
    this.name = env.name();
    this.algorithm = algorithm;
    this.line = env.machine().newLineOn(env.home(), "lock " + env.name(), words + 1);
    this.dataWord = words;
  }

  private final int dataWord;

  /**
   * The word of {@link #line()} that stands for the data beside the lock (a list head in the
   * same structure, as {@code uvm.page_active} beside {@code uvm.pageqlock} in OpenBSD), which
   * a critical section may update. No lock algorithm reads or writes it.
   */
  public final int dataWord() {
    return dataWord;
  }

  private Routine acquire;
  private Routine release;

  /** Sets the lock's two routines; each algorithm's constructor calls this once. */
  protected final void routines(Routine acquireRoutine, Routine releaseRoutine) {
    if (acquire != null) {
      throw new IllegalStateException(name + ": routines set twice");
    }
    this.acquire = acquireRoutine;
    this.release = releaseRoutine;
  }

  private Routine readAcquire;
  private Routine readRelease;
  private int readers;
  private int maxReaders;
  private long[] readSince = new long[0];

  /**
   * Sets the routines that take and let go of the lock for reading, for a reader-writer lock;
   * {@link #acquire()} and {@link #release()} are then the writer's.
   */
  protected final void readRoutines(Routine acquireRoutine, Routine releaseRoutine) {
    this.readAcquire = acquireRoutine;
    this.readRelease = releaseRoutine;
  }

  /** Whether readers may share the lock ({@link #readAcquire()} and {@link #readRelease()}). */
  public final boolean readerWriter() {
    return readAcquire != null;
  }

  /** The routine a reader calls to take the lock; null unless {@link #readerWriter()}. */
  public final Routine readAcquire() {
    return readAcquire;
  }

  /** The routine a reader calls to let it go; null unless {@link #readerWriter()}. */
  public final Routine readRelease() {
    return readRelease;
  }

  /** The most readers that held the lock at once during the run. */
  public final int maxReaders() {
    return maxReaders;
  }

  /** Records that the current task now holds the lock for reading: no writer may hold it. */
  protected final void readAcquired(Kernel k) {
    Task t = k.task();
    if (holder >= 0) {
      violation(k, "task " + t.id() + " read-acquired " + name + " held for writing by task " + holder);
    }
    readers++;
    maxReaders = Math.max(maxReaders, readers);
    if (readSince.length <= t.id()) {
      readSince = java.util.Arrays.copyOf(readSince, Math.max(t.id() + 1, 2 * readSince.length));
    }
    readSince[t.id()] = k.now();
    side(t, true);
    k.endLockWait(this);
    acquisitions++;
    observer.acquired(this, t, k.now());
  }

  /** Records that the current task lets go of the lock it held for reading. */
  protected final void readReleased(Kernel k) {
    Task t = k.task();
    if (readers == 0) {
      violation(k, "task " + t.id() + " read-released " + name + " with no reader");
    } else {
      readers--;
    }
    long held = k.now() - readSince[t.id()];
    holdPs += held;
    side(t, true);
    observer.released(this, t, k.now(), held);
  }

  /** The routine a task calls to take the lock. */
  public final Routine acquire() {
    return acquire;
  }

  /** The routine a task calls to let it go. */
  public final Routine release() {
    return release;
  }

  /** Wait queues a task can sleep on, for the lost-wakeup check; none for pure spin locks. */
  protected List<WaitQueue> waitQueues() {
    return List.of();
  }

  /** Whether the lock excludes across CPUs (a critical section excludes only on its own). */
  public boolean exclusive() {
    return true;
  }

  /**
   * Whether every waiter is sure to get the lock while others keep taking it. An algorithm
   * that lets running spinners beat woken sleepers every time (Linux's 2009 owner spinning,
   * which Linux 4.10 answered with hand-off) is not; it must still let every waiter through
   * once the others stop.
   */
  public boolean starvationFree() {
    return true;
  }

  /**
   * Whether the algorithm can run as a user-space library (the {@code contention} workload's
   * {@code "space": "user"}): its state is one word and per-task nodes, it never sleeps, and
   * nothing in it is per CPU, so a holder or a waiter preempted in the middle of it breaks
   * nothing but time. Kernel algorithms with per-CPU queue nodes (qspinlock) or that sleep
   * on kernel wait queues are not.
   */
  public boolean userSpace() {
    return false;
  }

  /**
   * Whether the algorithm is a user-space library's and nothing else (it makes its own system
   * calls, as a futex mutex does), so that only a user-space loop may take it.
   */
  public boolean userSpaceOnly() {
    return false;
  }

  /**
   * Whether a waiting or spinning writer keeps new readers out, so that under a steady stream
   * of writers readers get the lock one at a time (FreeBSD's rwlock: a reader may not join
   * readers while {@code RW_LOCK_WRITE_WAITERS} or {@code RW_LOCK_WRITE_SPINNER} is set). Such a
   * lock must still let readers share it, but the contract looks for that only where readers
   * outnumber what the writers can keep out.
   */
  public boolean writersFirst() {
    return false;
  }

  /**
   * The kernel's lock event counts that this algorithm increments (CONFIG_LOCK_EVENT_COUNTS:
   * kernel/locking/lock_events_list.h, read from /sys/kernel/debug/lock_event_counts), since the
   * lock was made, in the kernel's list order; empty where the list has no events for it.
   */
  public Map<String, Long> lockEvents() {
    return Map.of();
  }

  public String name() {
    return name;
  }

  public String algorithm() {
    return algorithm;
  }

  public CacheLine line() {
    return line;
  }

  public long acquisitions() {
    return acquisitions;
  }

  /** Total time the lock was held, in picoseconds. */
  public long holdPs() {
    return holdPs;
  }

  /** The task holding the lock, or -1. */
  public int holder() {
    return holder;
  }

  public void observe(LockObserver o) {
    this.observer = o;
  }

  /** The lock word value meaning "held by {@code t}": its id plus one. */
  protected static long tid(Task t) {
    return t.id() + 1L;
  }

  /** The task id in a lock word holding an owner, or -1. */
  protected static int ownerId(long word) {
    return (int) (word & 0xffffffffL) - 1;
  }

  /** Records that the current task now holds the lock. */
  protected final void acquired(Kernel k) {
    Task t = k.task();
    if (exclusive() && holder >= 0) {
      violation(k, "task " + t.id() + " acquired " + name + " held by task " + holder);
    }
    if (readers > 0) {
      violation(k, "task " + t.id() + " write-acquired " + name + " held by " + readers + " reader(s)");
    }
    holder = t.id();
    side(t, false);
    k.endLockWait(this);
    acquiredAt = k.now();
    acquisitions++;
    observer.acquired(this, t, k.now());
  }

  /**
   * Records that the current task found the lock held and is going to wait for it: from now
   * until it acquires the lock, its kernel time counts as spinning.
   */
  protected final void contended(Kernel k) {
    side(k.task(), false);
    k.task().beginLockWait(this);
    observer.contended(this, k.task(), k.now());
  }

  /**
   * {@link #contended}, once per acquisition, for a lock whose waiter may wait in several places
   * (two levels of a hierarchical lock, a predecessor that changes): the acquire's local
   * {@code flag}, 0 when the acquisition starts, says whether it has already been reported.
   */
  protected final void contendedOnce(Kernel k, int flag) {
    if (k.local(flag) == 0) {
      k.setLocal(flag, 1);
      contended(k);
    }
  }

  /** {@link #contended} of a reader: it waits to take the lock for reading. */
  protected final void readContended(Kernel k) {
    side(k.task(), true);
    k.task().beginLockWait(this);
    observer.contended(this, k.task(), k.now());
  }

  private boolean[] reading = new boolean[0];

  /**
   * Whether the contention, acquisition or release that {@code t} reports now (or reported
   * last) is on the read side of the lock: for lock statistics with read and write rows.
   */
  public final boolean readSide(Task t) {
    return t.id() < reading.length && reading[t.id()];
  }

  private void side(Task t, boolean read) {
    if (reading.length <= t.id()) {
      reading = java.util.Arrays.copyOf(reading, Math.max(t.id() + 1, 2 * reading.length));
    }
    reading[t.id()] = read;
  }

  /** Records that the current task lets go of the lock. */
  protected final void released(Kernel k) {
    Task t = k.task();
    if (exclusive() && holder != t.id()) {
      violation(k, "task " + t.id() + " released " + name + " held by task " + holder);
    }
    long held = k.now() - acquiredAt;
    holdPs += held;
    observer.released(this, t, k.now(), held);
    holder = -1;
  }

  private void violation(Kernel k, String what) {
    if (violations.size() < 10) {
      violations.add("at " + k.now() + " ps: " + what);
    }
  }

  /**
   * The invariant violations of this run: mutual exclusion broken during the run, and tasks
   * asleep on a free lock with no task left that could wake them.
   */
  public List<String> verify(Kernel k) {
    List<String> out = new ArrayList<>(violations);
    for (WaitQueue q : waitQueues()) {
      if (q.isEmpty() || holder >= 0) {
        continue;
      }
      boolean someoneCanWake = false;
      for (Task t : k.tasks()) {
        boolean asleepHere = false;
        for (int id : q.snapshot()) {
          asleepHere |= id == t.id();
        }
        // A task off the list that still runs can wake the list; so can a waiter woken where
        // it stands on the list (Linux's wait_list), which will try for the lock itself.
        boolean runs = t.state() != TaskState.EXITED && t.state() != TaskState.BLOCKED;
        if (runs && (!asleepHere || t.awake())) {
          someoneCanWake = true;
        }
      }
      if (!someoneCanWake) {
        out.add("lost wakeup: " + q.size() + " task(s) asleep on free lock " + name);
      }
    }
    return out;
  }
}
