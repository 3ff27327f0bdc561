package org.locksim.examples.clh;

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
 * "Queue locks on cache coherent multiprocessors", IPPS 1994). Each waiter spins on its
 * predecessor's node, not its own as in MCS, so a release is one store and needs no CAS; a
 * task leaves its node to its successor and takes its predecessor's for next time.
 *
 * <pre>
 * acquire:  I->locked = true; pred = fetch_and_store(L, I);
 *           repeat while pred->locked; I->pred = pred;
 * release:  I->locked = false; I = I->pred;       // recycle the predecessor's node
 * </pre>
 *
 * <p>This is docs/extending.md's worked example of a plugin. locksim bundles the same algorithm as
 * {@code queued.clh}, whose nodes are homed where their tasks first touch them; this one homes
 * them by address hash ({@code Machine.newLine}) and has a name of its own, so both can run in
 * one comparison.
 *
 * <p>The lock word is the tail: a node number. Node 0 is the dummy node the lock starts with
 * (unlocked); task {@code t} starts with node {@code t + 1}. Every node is a cache line of one
 * word. Preemption is off from lock to unlock, as for a kernel spin lock.
 */
@LockSpec(name = "example.clh", summary = "CLH queue lock: xchg the tail, spin on your predecessor's node (Craig 1993)")
public final class ClhLock extends Lock {
  public static final List<ParamSpec> PARAMS = List.of();
  private static final int LOCKED = 0;

  private final Machine machine;
  private final String name;
  private final List<CacheLine> nodes = new ArrayList<>();
  /** Each task's node, by task id; 0 until first use. */
  private int[] mine = new int[0];
  /** Each holder's predecessor node, which it takes over when it lets go. */
  private int[] pred = new int[0];

  public ClhLock(LockEnv env, LockParams params) {
    super(env, "example.clh", 1);
    routines(Routine.named("clh_lock", this::acquireStep), Routine.named("clh_unlock", this::releaseStep));
    this.machine = env.machine();
    this.name = env.name();
    node(0);
  }

  private CacheLine node(int n) {
    while (nodes.size() <= n) {
      nodes.add(machine.newLine("clh node " + name + "/" + nodes.size(), 1));
    }
    return nodes.get(n);
  }

  /** Task {@code id}'s current node. */
  private int mine(int id) {
    if (mine.length <= id) {
      int old = mine.length;
      mine = Arrays.copyOf(mine, Math.max(id + 1, 2 * old));
      pred = Arrays.copyOf(pred, mine.length);
      for (int i = old; i < mine.length; i++) {
        mine[i] = i + 1;
      }
    }
    return mine[id];
  }

  private void acquireStep(Kernel k) {
    int id = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.store(node(mine(id)), LOCKED, 1);
        k.next(1);
      }
      case 1 -> {
        k.xchg(line, 0, mine(id));
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
          contended(k);
          k.spinUntil(node(pred[id]), LOCKED, 0, 0, null, false);
          k.next(4);
        }
      }
      case 4 -> {
        k.load(node(pred[id]), LOCKED);
        k.next(5);
      }
      case 5 -> {
        if (k.result() == 0) {
          acquired(k);
          k.ret(0);
        } else {
          k.spinUntil(node(pred[id]), LOCKED, 0, 0, null, false);
          k.next(4);
        }
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }

  private void releaseStep(Kernel k) {
    int id = k.task().id();
    switch (k.pc()) {
      case 0 -> {
        released(k);
        k.storeRelease(node(mine(id)), LOCKED, 0);
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
