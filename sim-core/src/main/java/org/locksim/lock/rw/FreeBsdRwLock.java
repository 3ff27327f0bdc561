package org.locksim.lock.rw;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.SpinMutex;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.WaitQueue;
import org.locksim.sched.WaitReason;

/**
 * FreeBSD's reader-writer lock, sys/kern/kern_rwlock.c as the development branch had it during
 * 8.0's development (John Baldwin, 2006, with the adaptive spinning of 2007 and 2008; as stored
 * at freebsd/freebsd-src 005506bb, before the lockstat hooks), with
 * {@code ADAPTIVE_RWLOCKS}. One word: {@code RW_LOCK_READ} (bit 0) and the reader count from
 * bit 4 when read-locked or free, else the owning thread; {@code RW_LOCK_READ_WAITERS},
 * {@code RW_LOCK_WRITE_WAITERS} and {@code RW_LOCK_WRITE_SPINNER} in bits 1 to 3. Sleepers wait
 * on the lock's turnstile, in a shared and an exclusive queue, under the turnstile chain's spin
 * mutex. Writers come first: a reader may not join readers while a writer waits or spins.
 *
 * <pre>
 * can_read(v): (v &amp; (READ | WRITE_WAITERS | WRITE_SPINNER)) == READ
 * rw_rlock:  for (;;) { v = rw_lock; if (can_read(v)) { if (cmpset_acq(v, v + ONE_READER)) break; continue; }
 *              if (write-owned &amp;&amp; TD_IS_RUNNING(owner)) { while (owner unchanged &amp;&amp; running) spinwait; continue; }
 *              trywait; v = rw_lock; if (can_read(v) || owner running) { cancel; continue; }
 *              if (!(v &amp; READ_WAITERS) &amp;&amp; !cmpset(v, v | READ_WAITERS)) { cancel; continue; }
 *              turnstile_wait(shared queue); }
 * rw_runlock: for (;;) { x = rw_lock; if (readers(x) &gt; 1) { if (cmpset(x, x - ONE_READER)) break; continue; }
 *              if (!(x &amp; WAITERS)) { if (cmpset(x, UNLOCKED)) break; continue; }
 *              chain_lock; v = rw_lock &amp; (WAITERS | WRITE_SPINNER);
 *              x = UNLOCKED | (write waiters ? v &amp; READ_WAITERS : 0); queue = write waiters ? exclusive : shared;
 *              if (!cmpset(ONE_READER | READ | v, x)) { chain_unlock; continue; }
 *              broadcast(queue); chain_unlock; break; }
 * rw_wlock:  while (!cmpset_acq(UNLOCKED, tid)) {
 *              v = rw_lock; if (write-owned &amp;&amp; running) { while (owner unchanged &amp;&amp; running) spinwait; continue; }
 *              if (read-owned &amp;&amp; spintries &lt; 100) { if (!(v &amp; WRITE_SPINNER) &amp;&amp; !cmpset(v, v | WRITE_SPINNER)) continue;
 *                spintries++; for (i = 100000; i &gt; 0 &amp;&amp; (rw_lock &amp; WRITE_SPINNER); i--) spinwait; if (i) continue; }
 *              trywait; v = rw_lock; if (write-owned &amp;&amp; running) { cancel; continue; }
 *              x = v &amp; (WAITERS | WRITE_SPINNER);
 *              if ((v &amp; ~x) == UNLOCKED) { if (cmpset_acq(v, tid | (x &amp; WAITERS))) { claim; break; } cancel; continue; }
 *              if (!(v &amp; WRITE_WAITERS) &amp;&amp; !cmpset(v, v | WRITE_WAITERS)) { cancel; continue; }
 *              turnstile_wait(exclusive queue); spintries = 0; }
 * rw_wunlock: if (!cmpset_rel(tid, UNLOCKED)) { chain_lock; v = UNLOCKED;
 *              if (rw_lock &amp; WRITE_WAITERS) { queue = exclusive; v |= rw_lock &amp; READ_WAITERS; } else queue = shared;
 *              broadcast(queue); store_rel(v); chain_unlock; }
 * </pre>
 *
 * <p>The spin limits are this version's constants, as parameters. Priority propagation through
 * the turnstile does nothing here: every task has one priority.
 */
@LockSpec(name = "rw.freebsd", summary = "FreeBSD rwlock (kern_rwlock.c, 8.0-CURRENT 2008): adaptive spinning on a running writer, writer spinning on readers, turnstile queues")
public final class FreeBsdRwLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("spinTries", 100, 0, 1_000_000,
          "rw_wlock: times a writer spins on read-owned lock before it sleeps (the source's 100)"),
      ParamSpec.integer("spinLoops", 100_000, 1, 100_000_000,
          "rw_wlock: cpu_spinwait()s of one such spin (the source's 100000)"));

  static final long READ = 0x01;
  static final long READ_WAITERS = 0x02;
  static final long WRITE_WAITERS = 0x04;
  static final long WRITE_SPINNER = 0x08;
  static final long FLAGS = 0x0f;
  static final long WAITERS = READ_WAITERS | WRITE_WAITERS;
  static final long ONE_READER = 1L << 4;
  static final long UNLOCKED = READ;

  static final int W = 0;
  // locals
  private static final int V = 0;
  private static final int TRIES = 1;
  private static final int X = 2;

  private final long spinTries;
  private final long spinLoops;
  private final WaitQueue shared;
  private final WaitQueue exclusive;
  private final SpinMutex chain;

  public FreeBsdRwLock(LockEnv env, LockParams params) {
    super(env, "rw.freebsd", 1);
    line.init(W, UNLOCKED);  // rw_init_flags: rw_lock = RW_UNLOCKED
    this.spinTries = params.integer("spinTries");
    this.spinLoops = params.integer("spinLoops");
    this.shared = new WaitQueue(env.name() + " turnstile shared");
    this.exclusive = new WaitQueue(env.name() + " turnstile exclusive");
    this.chain = new SpinMutex(new LockEnv(env.name() + " turnstile chain", env.machine()),
        LockParams.defaults(SpinMutex.PARAMS));
    routines(Routine.named("rw_wlock", this::wlockStep), Routine.named("rw_wunlock", this::wunlockStep));
    FreeBsdRwReader reader = new FreeBsdRwReader(this, line, chain, shared, exclusive);
    readRoutines(Routine.named("rw_rlock", reader::rlockStep), Routine.named("rw_runlock", reader::runlockStep));
  }

  void readerContended(Kernel k) {
    readContended(k);
  }

  void readerAcquired(Kernel k) {
    readAcquired(k);
  }

  void readerReleased(Kernel k) {
    readReleased(k);
  }

  private static long wtid(Task t) {
    return (t.id() + 1L) << 4;
  }

  static boolean canRead(long v) {
    return (v & (READ | WRITE_WAITERS | WRITE_SPINNER)) == READ;
  }

  static long readers(long v) {
    return (v & READ) != 0 ? v >>> 4 : 0;
  }

  /** The writer a word names, or null when it is read-owned or free. */
  static Task writer(Kernel k, long v) {
    return (v & READ) != 0 ? null : k.taskById((int) (v >>> 4) - 1);
  }

  private void wlockStep(Kernel k) {
    long tid = wtid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        k.cas(line, W, UNLOCKED, tid);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == UNLOCKED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          k.exec(Instr.CALL, 1);
          k.load(line, W);
          k.next(3);
        }
      }
      // while (!_rw_write_lock(rw, tid))
      case 2 -> {
        k.cas(line, W, UNLOCKED, tid);
        k.next(20);
      }
      case 20 -> {
        if (k.result() == UNLOCKED) {
          acquired(k);
          k.ret(0);
        } else {
          k.load(line, W);
          k.next(3);
        }
      }
      case 3 -> {
        long v = k.result();
        Task owner = writer(k, v);
        if (owner != null && k.onCpu(owner)) {
          k.spinWhileMasked(line, W, ~FLAGS, v, 0, owner, false);
          k.next(2);
        } else if ((v & READ) != 0 && readers(v) > 0 && k.local(TRIES) < spinTries) {
          if ((v & WRITE_SPINNER) == 0) {
            k.setLocal(V, v);
            k.cas(line, W, v, v | WRITE_SPINNER);
            k.next(4);
          } else {
            k.next(5);
          }
        } else {
          k.call(chain.acquire());
          k.next(7);
        }
      }
      case 4 -> {
        if (k.result() != k.local(V)) {
          k.exec(Instr.PAUSE, 1);
          k.next(2);
        } else {
          k.next(5);
        }
      }
      case 5 -> {
        // for (i = loops; i > 0; i--) if (!(rw_lock & WRITE_SPINNER)) break; else cpu_spinwait();
        k.setLocal(TRIES, k.local(TRIES) + 1);
        k.spinUntilMasked(line, W, WRITE_SPINNER, 0, spinLoops * k.cpu().ps(Instr.PAUSE), null, false);
        k.next(6);
      }
      case 6 -> {
        if (WaitReason.of(k.result()) == WaitReason.TIMEOUT) {
          k.call(chain.acquire());
          k.next(7);
        } else {
          k.next(2);
        }
      }
      // turnstile_trywait held
      case 7 -> {
        k.load(line, W);
        k.next(8);
      }
      case 8 -> {
        long v = k.result();
        Task owner = writer(k, v);
        long x = v & (WAITERS | WRITE_SPINNER);
        k.setLocal(V, v);
        if (owner != null && k.onCpu(owner)) {
          k.call(chain.release());
          k.next(12);
        } else if ((v & ~x) == UNLOCKED) {
          k.cas(line, W, v, tid | (x & WAITERS));
          k.next(9);
        } else if ((v & WRITE_WAITERS) == 0) {
          k.cas(line, W, v, v | WRITE_WAITERS);
          k.next(10);
        } else {
          k.next(11);
        }
      }
      case 9 -> {
        if (k.result() == k.local(V)) {
          acquired(k);  // turnstile_claim or turnstile_cancel
          k.call(chain.release());
          k.next(14);
        } else {
          k.call(chain.release());
          k.next(12);
        }
      }
      case 10 -> {
        if (k.result() != k.local(V)) {
          k.call(chain.release());
          k.next(12);
        } else {
          k.next(11);
        }
      }
      case 11 -> {
        k.prepareToWait(exclusive);
        k.call(chain.release());
        k.next(13);
      }
      case 12 -> {
        k.exec(Instr.PAUSE, 1);
        k.next(2);
      }
      case 13 -> {
        k.schedule();
        k.setLocal(TRIES, 0);
        k.next(2);
      }
      case 14 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void wunlockStep(Kernel k) {
    long tid = wtid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        released(k);
        k.cas(line, W, tid, UNLOCKED);
        k.next(1);
      }
      case 1 -> {
        FastPaths.testResult(k);
        if (k.result() == tid) {
          k.ret(0);
        } else {
          k.exec(Instr.CALL, 1);
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
        long v = UNLOCKED | (writers ? w & READ_WAITERS : 0);
        k.wake(writers ? exclusive : shared, Integer.MAX_VALUE);  // turnstile_broadcast
        k.storeRelease(line, W, v);
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

  /** {@code RW_CAN_READ} fails while a writer waits or spins on the readers. */
  @Override
  public boolean writersFirst() {
    return true;
  }

  /** Running spinners beat woken sleepers, and a stream of writers keeps readers out. */
  @Override
  public boolean starvationFree() {
    return false;
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(shared, exclusive);
  }
}
