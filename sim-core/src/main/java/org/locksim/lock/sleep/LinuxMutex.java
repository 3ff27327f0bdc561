package org.locksim.lock.sleep;

import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.AsmFrame;
import org.locksim.lock.FastPaths;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.TicketLock;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.WaitQueue;
import org.locksim.sched.WaitReason;

/**
 * Linux's mutex of 2.6.29 (kernel/mutex.c) with the adaptive spinning of seed 001 ("mutex:
 * implement adaptive spinning", Peter Zijlstra, Jan 2009). {@code ownerSpin} is the scheduler
 * feature {@code OWNER_SPIN} that the post's NO_OWNER_SPIN run turned off: then
 * {@code mutex_spin_on_owner} returns 0 at once, so a waiter that sees an owner goes to sleep,
 * and one that sees none still tries the cmpxchg, as the loop is compiled in either way.
 *
 * <pre>
 * mutex_lock:   lock decl count; jns done; call __mutex_lock_slowpath     (1 free, 0 held, -1 waiters)
 * slowpath:     preempt_disable();
 *               for (;;) {
 *                 owner = ACCESS_ONCE(lock->owner);
 *                 if (owner && !mutex_spin_on_owner(lock, owner)) break;   -- spins while owner->on_cpu,
 *                                                                          -- gives up on need_resched()
 *                 if (atomic_cmpxchg(&lock->count, 1, 0) == 1) { mutex_set_owner(lock); return; }
 *                 if (!owner && need_resched()) break;
 *                 cpu_relax();
 *               }
 *               spin_lock_mutex(&lock->wait_lock); list_add_tail(&waiter.list, &lock->wait_list);
 *               for (;;) {
 *                 if (atomic_xchg(&lock->count, -1) == 1) break;
 *                 __set_task_state(task, TASK_UNINTERRUPTIBLE);
 *                 spin_unlock_mutex(&lock->wait_lock); preempt_enable_no_resched(); schedule();
 *                 preempt_disable(); spin_lock_mutex(&lock->wait_lock);
 *               }
 *               list_del(&waiter.list); if (list_empty(&lock->wait_list)) atomic_set(&lock->count, 0);
 *               spin_unlock_mutex(&lock->wait_lock); mutex_set_owner(lock); preempt_enable();
 * mutex_unlock: mutex_clear_owner(lock); lock incl count; jg done; call __mutex_unlock_slowpath:
 *               spin_lock_mutex(&lock->wait_lock); atomic_set(&lock->count, 1);
 *               wake_up_process(first waiter); spin_unlock_mutex(&lock->wait_lock)
 * </pre>
 *
 * <p>{@code count} and {@code owner} are words of the mutex's line; {@code wait_lock} is a
 * ticket spin lock with its words on that line too, as {@code struct mutex} declares it beside
 * {@code count}: a waiter taking it moves the line that spinners watch.
 *
 * <p>The fast paths are x86-64's asm ({@code kernel.fastPath} {@code asm-call} for 2.6.16 to
 * 3.10, {@code asm-goto} from 3.11, seed 003): both branch on the atomic's flags, and what the
 * two forms cost the functions around them is {@link #LOCK_FRAME} and {@link #UNLOCK_FRAME}.
 * The caller's call of {@code mutex_lock} and {@code mutex_unlock} is priced only with
 * {@code fastPath} {@code call}.
 */
@LockSpec(name = "mutex.linux-2009", summary = "Linux 2.6.29 mutex; ownerSpin: seed 001's adaptive spinning on the owner")
public final class LinuxMutex extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.bool("ownerSpin", true,
          "spin while the owner runs, stopping on need_resched (sched feature OWNER_SPIN, seed 001)"));

  /**
   * {@code mutex_lock}'s frame, from the disassembly of Linux 3.10's kernel/mutex.c (gcc 4.7.3,
   * frame pointers, {@code might_sleep()} a call of {@code _cond_resched}) that the asm-goto
   * patch's commit message gives: 16 instructions on the fast path before the patch, 12 after.
   * The four it removes: {@code sub $0x10,%rsp} and {@code mov %r12,-0x8(%rbp)} in the
   * prologue, {@code mov %rbx,%rdi} (the asm's input pinned in {@code %rdi}, reloaded from the
   * callee-saved copy after {@code _cond_resched}), and {@code mov -0x8(%rbp),%r12} in the
   * epilogue. The saves of {@code %rbx} and {@code %rbp} stay (the pointer must outlive the
   * call of {@code _cond_resched} either way), as a push and pop instead of stack moves. With
   * asm goto, {@code mov %rbx,%rdi} runs before the slow-path call only.
   */
  static final AsmFrame LOCK_FRAME = new AsmFrame("mutex_lock",
      List.of(Instr.ALU, Instr.STORE, Instr.ALU, Instr.LOAD), List.of(Instr.ALU));
  /**
   * {@code mutex_unlock}'s frame, from the same disassembly: 7 instructions on the fast path
   * before the patch, 4 after ({@code movq $0x0,0x18(%rdi); lock incl (%rdi); jg; ret}). The
   * three it moves to the slow path: {@code push %rbp}, {@code mov %rsp,%rbp} and
   * {@code pop %rbp}, the frame that the asm's hidden call kept on every path.
   */
  static final AsmFrame UNLOCK_FRAME = new AsmFrame("mutex_unlock",
      List.of(Instr.STORE, Instr.ALU, Instr.LOAD), List.of(Instr.STORE, Instr.ALU, Instr.LOAD));

  private static final int COUNT = 0;
  private static final int OWNER = 1;

  private final boolean ownerSpin;
  private final WaitQueue waitList;
  private final TicketLock waitLock;

  public LinuxMutex(LockEnv env, LockParams params) {
    super(env, "mutex.linux-2009", 2);
    routines(Routine.named("mutex_lock", this::lockStep),
        Routine.named("mutex_unlock", this::unlockStep));
    line.init(COUNT, 1);
    this.ownerSpin = params.bool("ownerSpin");
    this.waitList = new WaitQueue(env.name() + " wait_list");
    this.waitLock = new TicketLock(new LockEnv(env.name() + " wait_lock", env.machine(), line),
        LockParams.defaults(TicketLock.PARAMS));
  }

  private void lockStep(Kernel k) {
    long tid = tid(k.task());
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        FastPaths.asmFrame(k, LOCK_FRAME);
        k.fetchAdd(line, COUNT, -1);
        k.next(1);
      }
      case 1 -> {
        // The x86-64 fast path branches on the flags of lock decl (jns), with the slow-path
        // call inside the asm before 3.11 and asm goto after (seed 003): no test in either.
        FastPaths.testResult(k);
        if (k.result() == 1) {
          k.store(line, OWNER, tid);
          k.next(20);
        } else {
          contended(k);
          FastPaths.asmGotoSlowPath(k, LOCK_FRAME);
          k.exec(Instr.CALL, 1);
          k.preemptDisable();
          k.next(2);
        }
      }
      case 20 -> {
        acquired(k);
        k.ret(0);
      }
      // the owner-spin loop: owner = ACCESS_ONCE(lock->owner)
      case 2 -> {
        k.load(line, OWNER);
        k.next(3);
      }
      case 3 -> spinOnOwnerOrCas(k, k.result());
      case 4 -> {
        if (WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN) {
          // lock->owner != owner: mutex_spin_on_owner returns 1 and the loop goes on to its
          // cmpxchg (the spin's own read saw the change; the loop does not read owner again).
          k.cas(line, COUNT, 1, 0);
          k.next(6);
        } else {
          // The owner left its CPU, or need_resched: mutex_spin_on_owner returned 0.
          k.next(10);
        }
      }
      case 6 -> {
        if (k.result() == 1) {
          k.store(line, OWNER, tid);
          k.next(7);
        } else if (k.local(0) == 0 && k.needResched()) {
          k.next(10);
        } else {
          // The cmpxchg lost: cpu_relax() and round the loop, which reads owner and spins on
          // it when set, else tries the cmpxchg again. Nothing can succeed until count is 1
          // again, so wait for that or for an owner to appear (the winner sets it just after
          // its cmpxchg), without an event per failing pass.
          k.exec(Instr.PAUSE, 1);
          k.spinUntilOrChanged(line, COUNT, 1, OWNER, 0, 0, null, true);
          k.next(5);
        }
      }
      case 5 -> {
        if (WaitReason.of(k.result()) == WaitReason.LINE_WRITTEN) {
          // The pass that saw count or owner change read owner too.
          spinOnOwnerOrCas(k, k.seen(OWNER));
        } else {
          k.next(2);
        }
      }
      case 7 -> {
        k.preemptEnable();
        acquired(k);
        k.ret(0);
      }
      // the sleeping path
      case 10 -> {
        k.call(waitLock.acquire());
        k.setLocal(1, 0);
        k.next(11);
      }
      case 11 -> {
        if (k.local(1) == 0) {
          // list_add_tail(&waiter.list, &lock->wait_list), once.
          k.prepareToWait(waitList);
        } else {
          // Woken and back for another try: still on the list, where it stays until it has
          // the lock; __set_task_state(task, TASK_UNINTERRUPTIBLE) again.
          k.prepareToWaitAgain(waitList);
        }
        k.xchg(line, COUNT, -1);
        k.next(12);
      }
      case 12 -> {
        if (k.result() == 1) {
          k.finishWait(waitList);
          if (waitList.isEmpty()) {
            k.store(line, COUNT, 0);
            k.next(13);
          } else {
            k.next(13);
          }
        } else {
          k.call(waitLock.release());
          k.next(14);
        }
      }
      case 13 -> {
        k.call(waitLock.release());
        k.next(16);
      }
      case 14 -> {
        k.preemptEnable();
        k.schedule();
        k.next(15);
      }
      case 15 -> {
        k.preemptDisable();
        k.call(waitLock.acquire());
        k.setLocal(1, 1);
        k.next(11);
      }
      case 16 -> {
        k.store(line, OWNER, tid);
        k.next(7);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /**
   * The top of the owner-spin loop with {@code owner} read: spin on a running owner, give up
   * when it is not running or need_resched is set, or try the cmpxchg when there is none.
   */
  private void spinOnOwnerOrCas(Kernel k, long owner) {
    k.setLocal(0, owner);
    if (owner == 0) {
      k.cas(line, COUNT, 1, 0);
      k.next(6);
    } else if (ownerSpin && k.onCpu(k.taskById((int) owner - 1)) && !k.needResched()) {
      // mutex_spin_on_owner: while (lock->owner == owner && owner->on_cpu) cpu_relax();
      k.spinWhile(line, OWNER, owner, 0, k.taskById((int) owner - 1), true);
      k.next(4);
    } else {
      // mutex_spin_on_owner returned 0 at once: the owner is not running, need_resched is
      // set, or the OWNER_SPIN feature is off.
      k.next(10);
    }
  }

  private void unlockStep(Kernel k) {
    switch (k.pc()) {
      case 0 -> {
        FastPaths.enter(k);
        FastPaths.asmFrame(k, UNLOCK_FRAME);
        released(k);
        k.store(line, OWNER, 0);
        k.next(1);
      }
      case 1 -> {
        k.fetchAdd(line, COUNT, 1);
        k.next(2);
      }
      case 2 -> {
        FastPaths.testResult(k);
        if (k.result() >= 0) {
          k.ret(0);
        } else {
          FastPaths.asmGotoSlowPath(k, UNLOCK_FRAME);
          k.exec(Instr.CALL, 1);
          k.call(waitLock.acquire());
          k.next(3);
        }
      }
      case 3 -> {
        k.store(line, COUNT, 1);
        k.next(4);
      }
      case 4 -> {
        // wake_up_process(first waiter): it stays on wait_list until it has the lock.
        k.wakeFirstInPlace(waitList);
        k.call(waitLock.release());
        k.next(5);
      }
      case 5 -> k.ret(0);
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  /** With owner spinning, running spinners beat the woken waiter to the count every time. */
  @Override
  public boolean starvationFree() {
    return !ownerSpin;
  }

  @Override
  protected List<WaitQueue> waitQueues() {
    return List.of(waitList);
  }

}
