package org.locksim.lock.spin;

import java.util.List;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockSpec;
import org.locksim.lock.ParamSpec;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;

/**
 * The hierarchical backoff lock HBO (Z. Radovic and E. Hagersten, "Hierarchical Backoff Locks
 * for Nonuniform Communication Architectures", HPCA 2003; M. Herlihy and N. Shavit, <i>The Art
 * of Multiprocessor Programming</i>, section 7.8.1, {@code HBOLock}): test-and-set with
 * backoff whose lock word names the socket of its holder. A waiter whose compare-and-swap
 * fails reads the holder's socket in the value it failed on: a holder on its own socket means
 * the lock will soon be free nearby, and it backs off briefly; a holder on another socket
 * means a long backoff. The waiters near the holder thus try again first, and the lock tends
 * to stay on a socket, trading fairness for fewer crossings, as the cohort and CNA locks do
 * with queues.
 *
 * <pre>
 * lock:    for (;;) { old = cmpxchg(L, FREE, my_socket + 1); if (old == FREE) return;
 *                     if (old == my_socket + 1) delay(local, doubling to localCap);
 *                     else delay(remote, doubling to remoteCap); }
 * unlock:  L = FREE
 * </pre>
 *
 * <p>Each delay is drawn at random below a limit ({@link Kernel#random}), as the book's {@code
 * Backoff} draws it; the limit doubles from its base up to its cap, the local and the remote
 * ones apart, and both start afresh at each acquisition, as {@code spin.tas-backoff}'s. The paper
 * tunes its constants on its machine; the defaults here are locksim's: the local delays are
 * {@code spin.tas-backoff}'s, and the remote ones ten times as long. Released by a plain
 * store; preemption is off from lock to unlock.
 */
@LockSpec(name = "spin.hbo", summary = "hierarchical backoff lock: test-and-set whose word names the holder's socket; waiters on other sockets back off longer (Radovic and Hagersten 2003)")
public final class HboLock extends StoreReleaseSpinLock {
  public static final List<ParamSpec> PARAMS = List.of(
      ParamSpec.nanos("localBaseNs", 50, 1, 1e6,
          "limit of the first delay after failing against a holder on the waiter's own socket"
              + " (each delay is drawn at random below its limit)"),
      ParamSpec.nanos("localCapNs", 5_000, 1, 1e9, "highest such limit; it doubles up to it"),
      ParamSpec.nanos("remoteBaseNs", 500, 1, 1e6,
          "limit of the first delay after failing against a holder on another socket"),
      ParamSpec.nanos("remoteCapNs", 50_000, 1, 1e9, "highest such limit; it doubles up to it"));

  private static final int LOCAL = 0;
  private static final int REMOTE = 1;

  private final long localBasePs;
  private final long localCapPs;
  private final long remoteBasePs;
  private final long remoteCapPs;

  public HboLock(LockEnv env, LockParams params) {
    super(env, "spin.hbo");
    routines(Routine.named("hbo_lock", this::acquireStep),
        Routine.named("hbo_unlock", this::releaseStep));
    this.localBasePs = params.nanosAsPs("localBaseNs");
    this.localCapPs = Math.max(localBasePs, params.nanosAsPs("localCapNs"));
    this.remoteBasePs = params.nanosAsPs("remoteBaseNs");
    this.remoteCapPs = Math.max(remoteBasePs, params.nanosAsPs("remoteCapNs"));
  }

  /**
   * Not within the contract's windows: a waiter on a socket other than the holder's backs off
   * for longer each time, while the holder's socket-mates keep taking the lock between its
   * tries; only when they stop does it get through. The paper names this starvation and
   * bounds it with extra machinery (HBO_GT_SD) that this lock leaves out.
   */
  @Override
  public boolean starvationFree() {
    return false;
  }

  // locals: LOCAL and REMOTE, the limit of the next delay of each kind
  private void acquireStep(Kernel k) {
    long mine = k.machine().cpu(k.cpuId()).slot().socket() + 1L;
    switch (k.pc()) {
      case 0 -> {
        Spin.enter(k);
        k.setLocal(LOCAL, localBasePs);
        k.setLocal(REMOTE, remoteBasePs);
        k.cas(line, 0, UNOWNED, mine);
        k.next(1);
      }
      case 1 -> {
        long old = k.result();
        if (old == UNOWNED) {
          acquired(k);
          k.ret(0);
        } else {
          contended(k);
          int kind = old == mine ? LOCAL : REMOTE;
          long limit = k.local(kind);
          Spin.delay(k, k.random(limit));
          k.setLocal(kind, Math.min(2 * limit, kind == LOCAL ? localCapPs : remoteCapPs));
          k.next(2);
        }
      }
      case 2 -> {
        k.cas(line, 0, UNOWNED, mine);
        k.next(1);
      }
      default -> throw new IllegalStateException("pc " + k.pc());
    }
  }
}
