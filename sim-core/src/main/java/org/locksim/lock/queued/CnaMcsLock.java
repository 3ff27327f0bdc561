package org.locksim.lock.queued;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * CNA as its paper publishes it: D. Dice and A. Kogan, "Compact NUMA-aware Locks", EuroSys
 * 2019 (arXiv:1810.05600), figures 2 to 5, the lock its user-space evaluation runs (in LiTL).
 * An MCS lock whose holder chooses its successor at release: it walks the main queue for the
 * first waiter on its own socket, moves the waiters it passes over to the tail of a secondary
 * queue, and hands the lock to the one it found. The secondary queue's head travels in the
 * {@code spin} word it hands over (1 when there is none); when no waiter of the holder's
 * socket is queued, or when {@code keep_lock_local()} draws 0 (once in {@code
 * keepLocalMask + 1} releases, 65,536 in the paper), the secondary queue goes back in front
 * of the holder's successor and its head gets the lock.
 *
 * <pre>
 * lock:    me->next = 0; me->socket = -1; me->spin = 0;
 *          pred = SWAP(&amp;tail, me); if (!pred) { me->spin = 1; return; }
 *          me->socket = my socket; pred->next = me; while (!me->spin) pause;
 * unlock:  if (!me->next) {
 *            if (me->spin == 1) { if (CAS(&amp;tail, me, 0)) return; }
 *            else if (CAS(&amp;tail, me, secHead->secTail)) { secHead->spin = 1; return; }
 *            while (!me->next) pause;
 *          }
 *          if (keep_lock_local() &amp;&amp; (succ = find_successor(me))) succ->spin = me->spin;
 *          else if (me->spin &gt; 1) { succ = secHead; succ->secTail->next = me->next; succ->spin = 1; }
 *          else me->next->spin = 1;
 * </pre>
 *
 * <p>Unlike the kernel's CNA ({@link CnaLock}, the v15 series), in which the queue head sorts
 * the queue while it waits and only while the lock is held, this holder sorts at release,
 * whatever the state of the queue, with the walk's misses (each node it passes over is a
 * line in its owner's cache) on the lock's critical path. The paper's shuffle reduction
 * (its section 6, "CNA (opt)") is {@code shuffleReductionMask}: while the secondary queue is
 * empty, the holder hands to its immediate successor unless a draw's bits under the mask
 * are all 0 (0xff in the paper; 0, the default, turns it off, as in the paper's figures 6
 * and 10). A waiter's socket is its CPU's at the time it queued.
 *
 * <p>Each task's node is a line of its own ({@code next}, {@code spin}, {@code socket},
 * {@code secTail}). Each thread draws from its own xorshift generator, which costs three ALU
 * instructions a draw and no memory. Preemption is off from lock to unlock, as for the
 * library's other spin locks.
 */
@LockSpec(name = "queued.cna-mcs", summary = "CNA as published (Dice and Kogan, EuroSys 2019): an MCS lock whose holder picks a waiter on its socket at release")
public final class CnaMcsLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.integer("keepLocalMask", 0xffff, 0, 0xffffffffL,
          "keep_lock_local() is the draw's bits under this mask: the lock leaves the socket"
              + " when they are all 0, once in mask + 1 releases (the paper's THRESHOLD, 0xffff);"
              + " 0 never keeps it local, which is MCS with CNA's costs"),
      ParamSpec.integer("shuffleReductionMask", 0, 0, 0xffffffffL,
          "while the secondary queue is empty, hand to the next waiter unless the draw's bits"
              + " under this mask are all 0 (the paper's THRESHOLD2, 0xff in CNA (opt)); 0 is off"));

  static final int NEXT = 0;
  static final int SPIN = 1;
  static final int SOCKET = 2;
  static final int SEC_TAIL = 3;

  /** Locals of the release. */
  private static final int L_NEXT = 0;
  private static final int L_SPIN = 1;
  private static final int L_SEC_HEAD = 2;
  private static final int L_SEC_TAIL = 3;
  private static final int L_CUR = 4;
  private static final int L_SOCKET = 5;

  private static final int DONE = 40;
  private static final int FIND = 20;
  private static final int FLUSH = 30;

  private final long keepLocalMask;
  private final long shuffleMask;
  private final TaskNodes nodes;
  private final List<int[]> rng = new ArrayList<>();

  public CnaMcsLock(LockEnv env, LockParams params) {
    super(env, "queued.cna-mcs", 1);
    routines(Routine.named("cna_lock", this::acquireStep),
        Routine.named("cna_unlock", this::releaseStep));
    this.nodes = new TaskNodes(env.machine(), "cna node " + env.name(), 4);
    this.keepLocalMask = params.integer("keepLocalMask");
    this.shuffleMask = params.integer("shuffleReductionMask");
  }

  /**
   * Not in the contract's sense: a waiter on another socket than the holders' waits for a
   * {@code keep_lock_local()} draw of 0, once in 65,536 releases by default, so in a run of a
   * few thousand hand-offs it may never get the lock while the others keep taking it (the
   * paper's long-term fairness is that draw). Every waiter gets it once the others stop.
   */
  @Override
  public boolean starvationFree() {
    return false;
  }

  /** A user-space library's lock as well: one word, no per-CPU state, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** Task {@code id}'s queue node, which it made when it queued. */
  private CacheLine node(int id) {
    return nodes.of(id);
  }

  /** The node a pointer word ({@code tid}, 0 for none) names. */
  private CacheLine nodeOf(long tid) {
    return node(ownerId(tid));
  }

  /** One xorshift32 draw of the current task's generator, priced as three ALU instructions. */
  private long draw(Kernel k) {
    int id = k.task().id();
    while (rng.size() <= id) {
      rng.add(null);
    }
    int[] s = rng.get(id);
    if (s == null) {
      s = new int[] {0x9e3779b9 ^ (id * 0x85ebca6b) | 1};
      rng.set(id, s);
    }
    int x = s[0];
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s[0] = x;
    k.exec(Instr.ALU, 3);
    return x & 0xffffffffL;
  }

  private void acquireStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.store(me, NEXT, 0);
        k.next(1);
      }
      case 1 -> {
        k.store(me, SOCKET, 0);
        k.next(2);
      }
      case 2 -> {
        k.store(me, SPIN, 0);
        k.next(3);
      }
      case 3 -> {
        k.xchg(line, 0, tid(k.task()));
        k.next(4);
      }
      case 4 -> {
        long pred = k.result();
        if (pred == 0) {
          k.store(me, SPIN, 1);
          k.next(9);
        } else {
          contended(k);
          k.setLocal(0, pred);
          k.store(me, SOCKET, k.cpu().slot().socket() + 1L);
          k.next(5);
        }
      }
      case 5 -> {
        k.store(nodeOf(k.local(0)), NEXT, tid(k.task()));
        k.next(6);
      }
      case 6 -> {
        k.load(me, SPIN);
        k.next(7);
      }
      case 7 -> {
        if (k.result() != 0) {
          acquired(k);
          k.ret(0);
        } else {
          k.spinWait(me, 0, null, false);
          k.next(6);
        }
      }
      case 9 -> {
        acquired(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    CacheLine me = nodes.mine(k.task().id(), k.cpuId());
    long self = tid(k.task());
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.load(me, NEXT);
        k.next(1);
      }
      case 1 -> {
        k.setLocal(L_NEXT, k.result());
        k.load(me, SPIN);
        k.next(2);
      }
      case 2 -> {
        long spin = k.result();
        k.setLocal(L_SPIN, spin);
        if (k.local(L_NEXT) != 0) {
          k.next(10);
        } else if (spin == 1) {
          k.cas(line, 0, self, 0);
          k.next(3);
        } else {
          k.setLocal(L_SEC_HEAD, spin - 1);
          k.load(nodeOf(spin - 1), SEC_TAIL);
          k.next(4);
        }
      }
      case 3 -> k.next(k.result() == self ? DONE : 6);
      case 4 -> {
        k.cas(line, 0, self, k.result());
        k.next(5);
      }
      case 5 -> {
        if (k.result() == self) {
          // The secondary queue is the whole queue now: its head has the lock.
          k.store(nodeOf(k.local(L_SEC_HEAD)), SPIN, 1);
          k.next(DONE);
        } else {
          k.next(6);
        }
      }
      // while (me->next == NULL) pause: a waiter swapped the tail and has not linked in yet.
      case 6 -> {
        k.load(me, NEXT);
        k.next(7);
      }
      case 7 -> {
        if (k.result() == 0) {
          k.spinWait(me, 0, null, false);
          k.next(6);
        } else {
          k.setLocal(L_NEXT, k.result());
          k.next(10);
        }
      }
      case 10 -> {
        long spin = k.local(L_SPIN);
        if (shuffleMask != 0 && spin == 1 && (draw(k) & shuffleMask) != 0) {
          k.store(nodeOf(k.local(L_NEXT)), SPIN, 1);
          k.next(DONE);
        } else if ((draw(k) & keepLocalMask) != 0) {
          k.exec(Instr.LOAD, 1);  // me->socket, on the holder's own line
          long mine = me.peek(SOCKET);
          k.setLocal(L_SOCKET, mine != 0 ? mine : k.cpu().slot().socket() + 1L);
          k.load(nodeOf(k.local(L_NEXT)), SOCKET);
          k.next(FIND);
        } else {
          k.next(FLUSH);
        }
      }
      // find_successor: is the immediate successor on my socket?
      case FIND -> {
        if (k.result() == k.local(L_SOCKET)) {
          k.store(nodeOf(k.local(L_NEXT)), SPIN, k.local(L_SPIN));
          k.next(DONE);
        } else {
          k.setLocal(L_SEC_HEAD, k.local(L_NEXT));
          k.setLocal(L_SEC_TAIL, k.local(L_NEXT));
          k.load(nodeOf(k.local(L_NEXT)), NEXT);
          k.next(FIND + 1);
        }
      }
      case FIND + 1 -> {
        long cur = k.result();
        if (cur == 0) {
          k.next(FLUSH);
        } else {
          k.setLocal(L_CUR, cur);
          k.load(nodeOf(cur), SOCKET);
          k.next(FIND + 2);
        }
      }
      case FIND + 2 -> {
        long cur = k.local(L_CUR);
        if (k.result() != k.local(L_SOCKET)) {
          k.setLocal(L_SEC_TAIL, cur);
          k.load(nodeOf(cur), NEXT);
          k.next(FIND + 1);
        } else if (k.local(L_SPIN) > 1) {
          // Append the passed-over run to the secondary queue: its tail's next is our head.
          k.load(nodeOf(k.local(L_SPIN) - 1), SEC_TAIL);
          k.next(FIND + 3);
        } else {
          k.setLocal(L_SPIN, k.local(L_SEC_HEAD) + 1);
          k.store(me, SPIN, k.local(L_SPIN));
          k.next(FIND + 4);
        }
      }
      case FIND + 3 -> {
        k.store(nodeOf(k.result()), NEXT, k.local(L_SEC_HEAD));
        k.next(FIND + 4);
      }
      case FIND + 4 -> {
        k.store(nodeOf(k.local(L_SEC_TAIL)), NEXT, 0);
        k.next(FIND + 5);
      }
      case FIND + 5 -> {
        k.store(nodeOf(k.local(L_SPIN) - 1), SEC_TAIL, k.local(L_SEC_TAIL));
        k.next(FIND + 6);
      }
      case FIND + 6 -> {
        k.store(nodeOf(k.local(L_CUR)), SPIN, k.local(L_SPIN));
        k.next(DONE);
      }
      // No waiter of my socket, or keep_lock_local() said no: the secondary queue goes first.
      case FLUSH -> {
        long spin = k.local(L_SPIN);
        if (spin > 1) {
          k.load(nodeOf(spin - 1), SEC_TAIL);
          k.next(FLUSH + 1);
        } else {
          k.store(nodeOf(k.local(L_NEXT)), SPIN, 1);
          k.next(DONE);
        }
      }
      case FLUSH + 1 -> {
        k.store(nodeOf(k.result()), NEXT, k.local(L_NEXT));
        k.next(FLUSH + 2);
      }
      case FLUSH + 2 -> {
        k.store(nodeOf(k.local(L_SPIN) - 1), SPIN, 1);
        k.next(DONE);
      }
      case DONE -> {
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
