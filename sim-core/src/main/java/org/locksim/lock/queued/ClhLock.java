package org.locksim.lock.queued;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The CLH queue lock (T. S. Craig, "Building FIFO and priority-queuing spin locks from atomic
 * swap", TR 93-02-02, University of Washington, 1993; P. Magnusson, A. Landin and E. Hagersten,
 * "Queue locks on cache coherent multiprocessors", IPPS 1994; M. Herlihy and N. Shavit, <i>The
 * Art of Multiprocessor Programming</i>, section 7.5.2, {@code CLHLock}). A waiter swaps its
 * node into the tail and spins on its predecessor's node, not on its own as in MCS, so the
 * release is one store and needs no compare-and-swap and no wait for a successor to link in;
 * the releaser leaves its node to its successor and takes its predecessor's for next time.
 *
 * <pre>
 * lock:    I-&gt;locked = true; pred = fetch_and_store(L, I);
 *          repeat while pred-&gt;locked; I-&gt;pred = pred;
 * unlock:  I-&gt;locked = false; I = I-&gt;pred;            // recycle the predecessor's node
 * </pre>
 *
 * <p>The lock word is the tail, a node number. Node 0 is the node the lock starts with,
 * unlocked, allocated with the lock; task {@code t} starts with node {@code t + 1}, which it
 * allocates and first writes itself, so its memory is on the socket of the CPU the task first
 * queued from (first touch, as {@link TaskNodes} places MCS's nodes). Nodes then move from task
 * to task with the recycling, their memory staying where it was: a waiter spins on a node
 * whose home may be any socket, which costs nothing while the node's line sits in its cache
 * and one transfer from the releaser when it changes. Every node is a cache line of one word.
 * Preemption is off from lock to unlock, as for a kernel spin lock.
 */
@LockSpec(name = "queued.clh", summary = "CLH queue lock: xchg the tail, spin on your predecessor's node (Craig 1993; Magnusson, Landin and Hagersten 1994)")
public final class ClhLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  private static final int LOCKED = 0;

  private final Machine machine;
  private final String name;
  private final List<CacheLine> nodes = new ArrayList<>();
  /** Each task's node, by task id; 0 before its first acquisition. */
  private int[] mine = new int[0];
  /** Each holder's predecessor's node, which it takes over when it lets go. */
  private int[] pred = new int[0];

  public ClhLock(LockEnv env, LockParams params) {
    super(env, "queued.clh", 1);
    routines(Routine.named("clh_lock", this::acquireStep),
        Routine.named("clh_unlock", this::releaseStep));
    this.machine = env.machine();
    this.name = env.name();
    nodes.add(machine.newLine("clh node " + name + "/0", 1));
  }

  /** A user-space library's lock as well: one word and per-task nodes, never sleeps. */
  @Override
  public boolean userSpace() {
    return true;
  }

  /** Task {@code id}'s current node, its first one made on the CPU it runs on now. */
  private int mine(int id, int cpu) {
    if (mine.length <= id) {
      mine = Arrays.copyOf(mine, Math.max(id + 1, 2 * mine.length));
      pred = Arrays.copyOf(pred, mine.length);
    }
    if (mine[id] == 0) {
      mine[id] = nodes.size();
      nodes.add(machine.newLineHomedAt("clh node " + name + "/" + nodes.size(), 1, cpu));
    }
    return mine[id];
  }

  private CacheLine node(int n) {
    return nodes.get(n);
  }

  // locals: 0 whether this acquisition has found the lock held
  private void acquireStep(Kernel k) {
    int id = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.setLocal(0, 0);
        k.store(node(mine(id, k.cpuId())), LOCKED, 1);
        k.next(1);
      }
      case 1 -> {
        k.xchg(line, 0, mine[id]);
        k.next(2);
      }
      case 2 -> {
        pred[id] = (int) k.result();
        k.load(node(pred[id]), LOCKED);
        k.next(3);
      }
      case 3 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          contendedOnce(k, 0);
          // repeat while pred->locked, one event per change of the predecessor's line
          k.spinUntil(node(pred[id]), LOCKED, 0, 0, null, false);
          k.next(4);
        }
      }
      case 4 -> {
        k.load(node(pred[id]), LOCKED);
        k.next(3);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    int id = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.storeRelease(node(mine[id]), LOCKED, 0);
        k.next(1);
      }
      case 1 -> {
        mine[id] = pred[id];
        Spin.exit(k);
        k.ret(0);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
