package org.locksim.lock.rw;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;

/**
 * FreeBSD's reader-writer lock as FreeBSD 13 has it: sys/kern/kern_rwlock.c and the backoff of
 * sys/kern/subr_lock.c of releng/13.2 (13.2-RELEASE), with {@code ADAPTIVE_RWLOCKS} and without
 * {@code RWLOCK_CUSTOM_BACKOFF}. The spinning on readers is that of "rw: decrease writer
 * starvation" (r334023, freebsd-src 9feec7ef, 2018, in every release since 12.0), the backoff
 * that of "locks: tweak backoff a little bit" (r332285, 2018).
 *
 * <p>One word ({@code sys/sys/rwlock.h}): {@code RW_LOCK_READ} (bit 0) and the reader count
 * from bit 5 when read-locked or free, else the owning thread; {@code RW_LOCK_READ_WAITERS},
 * {@code RW_LOCK_WRITE_WAITERS}, {@code RW_LOCK_WRITE_SPINNER} and {@code
 * RW_LOCK_WRITER_RECURSED} (not used here) in bits 1 to 4. Sleepers wait on the lock's
 * turnstile, in a shared and an exclusive queue, under the turnstile chain's spin mutex.
 *
 * <pre>
 * can_read(v): v has READ and neither WRITE_WAITERS nor WRITE_SPINNER
 * lock_delay: delay = min(2 * delay, delay_max) (delay starts at 1 per slow-path call); spin delay pauses
 * rw_wlock:  if (fcmpset_acq(UNLOCKED -&gt; tid)) return; loop on the value v seen:
 *   v == UNLOCKED: fcmpset_acq(v -&gt; tid), done if it wins
 *   v == READ | WRITE_SPINNER (drained under a spinner): fcmpset_acq(v -&gt; tid), done if it wins
 *   write-owned: leave the critical section unless v has WRITE_SPINNER; reason = WRITER;
 *     owner off CPU: go to sleep; else repeat { lock_delay; v = word } while a running writer owns it
 *   readers: reason = READERS; after delay_retries tries: go to sleep;
 *     no WRITE_SPINNER: critical_enter (once), fcmpset(v -&gt; v | WRITE_SPINNER), on failure critical_exit and loop;
 *     tries++; up to delay_loops pauses: poll every (readers) pauses until WRITE_SPINNER or READ is gone or
 *     no reader is left; loop unless that budget ran out
 *   sleep: chain lock; v = word;
 *     write-owned by a running thread, or readers while reason is WRITER: unlock, leave critical, loop;
 *     v is READ and flags only: fcmpset_acq(v -&gt; tid | waiter bits), WRITE_SPINNER dropped; done if it wins;
 *     in the critical section: make WRITE_SPINNER clear and WRITE_WAITERS set (fcmpset), critical_exit;
 *     else set WRITE_WAITERS if clear; sleep on the exclusive queue; tries = 0
 * rw_wunlock: if (cmpset_rel(tid -&gt; UNLOCKED)) return; chain lock;
 *   v = UNLOCKED, keeping READ_WAITERS when writers wait; store_rel(v); broadcast the writers if any wait,
 *   else the readers; chain unlock
 * </pre>
 *
 * The read side, with its own spinning on readers and its spin while WRITE_SPINNER holds a
 * drained lock, is {@link FreeBsdRwReader}; the write side's loop is {@link FreeBsdRwWriter}.
 *
 * <p>The tunables ({@code debug.lock.delay_retries}, {@code delay_loops} and {@code
 * delay_max}, set at boot by {@code locks_delay_init} from the CPU count) are parameters.
 * Priority propagation through the turnstile does nothing here: every task has one priority.
 * The polls of a spin on readers are event-driven: the spinner sees each write of the word as
 * it reaches it, not at the end of its next {@code lock_delay_spin(n)}.
 */
@LockSpec(name = "rw.freebsd", summary = "FreeBSD rwlock (kern_rwlock.c, 13.x): lock_delay backoff on a running writer, bounded writer and reader spinning on readers, WRITE_SPINNER kept for the spinner, turnstile queues")
public final class FreeBsdRwLock extends SplitRwLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("spinTries", 10, 0, 65_535,
          "debug.lock.delay_retries: spins on a read-locked lock before a writer or reader sleeps "
              + "(locks_delay_init's 10)"),
      ParamSpec.integer("spinLoops", 0, 0, 65_535,
          "debug.lock.delay_loops: pauses of one such spin; 0: max(10000, delay_max), as "
              + "locks_delay_init sets it"),
      ParamSpec.integer("delayMax", 0, 0, 65_535,
          "debug.lock.delay_max: longest lock_delay, in pauses; 0: 256 times the least power of "
              + "two above the CPU count, at most 32678 (lock_delay_default_init)"));

  static final long READ = 0x01;
  static final long READ_WAITERS = 0x02;
  static final long WRITE_WAITERS = 0x04;
  static final long WRITE_SPINNER = 0x08;
  static final long FLAGS = 0x1f;
  static final long WAITERS = READ_WAITERS | WRITE_WAITERS;
  static final long ONE_READER = 1L << 5;
  static final long UNLOCKED = READ;

  static final int W = 0;

  /** {@code lock_delay_default_init}'s cap (as written in the source: 32678, not 32768). */
  static final long DELAY_CAP = 32_678;
  /** {@code locks_delay_init}: the least {@code delay_loops}. */
  static final long MIN_LOOPS = 10_000;

  private final long spinTries;
  private final long spinLoops;
  private final long delayMax;
  private final WaitQueue shared;
  private final WaitQueue exclusive;
  private final SpinMutex chain;

  public FreeBsdRwLock(LockEnv env, LockParams params) {
    super(env, "rw.freebsd", 1);
    line.init(W, UNLOCKED);  // _rw_init_flags: rw_lock = RW_UNLOCKED
    long max = params.integer("delayMax");
    this.delayMax = max > 0 ? max : defaultDelayMax(env.machine().cpuCount());
    long loops = params.integer("spinLoops");
    this.spinLoops = loops > 0 ? loops : Math.max(MIN_LOOPS, delayMax);
    this.spinTries = params.integer("spinTries");
    this.shared = new WaitQueue(env.name() + " turnstile shared");
    this.exclusive = new WaitQueue(env.name() + " turnstile exclusive");
    this.chain = new SpinMutex(new LockEnv(env.name() + " turnstile chain", env.machine()),
        LockParams.defaults(SpinMutex.PARAMS));
    FreeBsdRwWriter writer = new FreeBsdRwWriter(this, line, chain, exclusive);
    routines(Routine.named("rw_wlock", writer::wlockStep), Routine.named("rw_wunlock", this::wunlockStep));
    FreeBsdRwReader reader = new FreeBsdRwReader(this, line, chain, shared, exclusive);
    readRoutines(Routine.named("rw_rlock", reader::rlockStep), Routine.named("rw_runlock", reader::runlockStep));
  }

  /**
   * {@code lock_delay_default_init}: 256 times {@code lock_roundup_2(mp_ncpus)}, which doubles
   * from 1 while the result is at most the count (so 4 CPUs give 8), capped at 32678.
   */
  static long defaultDelayMax(int cpus) {
    long res = 1;
    while (res <= cpus) {
      res <<= 1;
    }
    return Math.min(res * 256, DELAY_CAP);
  }

  long spinTries() {
    return spinTries;
  }

  long spinLoops() {
    return spinLoops;
  }

  long delayMax() {
    return delayMax;
  }

  static long wtid(Task t) {
    return (t.id() + 1L) << 5;
  }

  static boolean canRead(long v) {
    return (v & (READ | WRITE_WAITERS | WRITE_SPINNER)) == READ;
  }

  static long readers(long v) {
    return (v & READ) != 0 ? v >>> 5 : 0;
  }

  /** The writer a word names, or null when it is read-owned or free. */
  static Task writer(Kernel k, long v) {
    return (v & READ) != 0 ? null : k.taskById((int) (v >>> 5) - 1);
  }

  /** {@code lock_delay}'s next delay, in pauses: doubled, at most {@code delay_max}. */
  long nextDelay(long delay) {
    return Math.min(Math.max(1, delay) * 2, delayMax);
  }

  /** {@code critical_enter()} of sys/sys/systm.h (13.x): {@code td_critnest++}, inline. */
  static void criticalEnter(Kernel k) {
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
    k.preemptDisable();
  }

  /** {@code critical_exit()}: {@code td_critnest--} and the test of {@code td_owepreempt}. */
  static void criticalExit(Kernel k) {
    k.exec(Instr.LOAD, 1);
    k.exec(Instr.STORE, 1);
    k.exec(Instr.LOAD, 1);
    k.preemptEnable();
  }

  private void wunlockStep(Kernel k) {
    long tid = wtid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        released(k);
        k.cas(line, W, tid, UNLOCKED);  // _rw_write_unlock
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == tid) {
          k.ret(0);
        } else {
          k.exec(Instr.CALL, 1);  // __rw_wunlock_hard
          k.call(chain.acquire());
          k.next(2);
        }
      }
      case 2 -> {
        k.load(line, W);
        k.next(3);
      }
      case 3 -> {
        long w = k.result();
        boolean writers = (w & WRITE_WAITERS) != 0;
        k.storeRelease(line, W, UNLOCKED | (writers ? w & READ_WAITERS : 0));
        k.wake(writers ? exclusive : shared, Integer.MAX_VALUE);  // turnstile_broadcast
        k.next(4);
      }
      case 4 -> {
        k.call(chain.release());
        k.next(5);
      }
      case 5 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * {@code __rw_can_read} fails while WRITE_WAITERS or WRITE_SPINNER is set, and a drained
   * word that keeps WRITE_SPINNER ({@code READ | WRITE_SPINNER}) goes to a writer, so under a
   * stream of writers readers get the lock one at a time.
   */
  @Override
  public boolean writersFirst() {
    return true;
  }

  /**
   * Not in 13 either. The turnstile is broadcast, not handed off: a woken writer races with
   * writers spinning on a running owner (one of them takes the freed word with its
   * {@code fcmpset} while the woken one is still on its way to a CPU), and a woken reader
   * likewise. WRITE_SPINNER is one bit for every spinning writer, and after a writer lets go
   * readers take the lock again (r334023's own words: "starvation potential is still there");
   * a writer gives up spinning on readers after {@code delay_retries} tries and sleeps among
   * them. So a waiter may go without the lock while others keep taking it.
   */
  @Override
  public boolean starvationFree() {
    return false;
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(shared, exclusive);
  }
}
