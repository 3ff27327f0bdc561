package org.locksim.sched;

import org.locksim.cpu.KernelCosts;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Coherence;
import org.locksim.machine.Machine;

/**
 * What a wakeup costs in time: the delay before the woken task's switch on its target CPU,
 * and the run-queue lock the waker and the target take.
 *
 * <ul>
 *   <li>A remote wakeup of an idle CPU costs the model's {@code wakeupIpi} (delivery, the exit
 *       from the shallowest idle state and the switch, which the switch itself prices) and the
 *       exit from the deeper state the idle period reached ({@link IdleExit}).
 *   <li>A CPU woken by its own timer or interrupt pays its state's whole exit and no IPI.
 *   <li>A busy target leaves no idle state: its reschedule IPI arrives the shallowest exit
 *       sooner.
 *   <li>{@code rq->lock} is a spin lock on a line of each CPU's run queue: the waker fetches it
 *       from the CPU that last held it, and the target pays it back at its next switch.
 * </ul>
 */
final class WakeCosts {
  private final Coherence coherence;
  private final long ipiPs;
  private final long[] ctxPs;
  private final IdleExit idleExit;
  /** Per CPU: when it last went idle. */
  private final long[] idleSince;
  /** Per CPU: the line of its run queue's lock. */
  private final CacheLine[] rqLine;
  private final long[] casPs;

  WakeCosts(Machine machine, long[] ctxPs) {
    KernelCosts kc = machine.model().kernel();
    int n = machine.cpuCount();
    this.coherence = machine.coherence();
    this.ipiPs = Math.round(kc.wakeupIpi().value() * 1000);
    this.ctxPs = ctxPs;
    this.idleExit = new IdleExit(kc.idleStates(), machine.kernel().idleLatencyLimitUs());
    this.idleSince = new long[n];
    this.rqLine = new CacheLine[n];
    this.casPs = new long[n];
    for (int i = 0; i < n; i++) {
      rqLine[i] = machine.perCpuLine("runqueue", i, 1);
      casPs[i] = machine.cpu(i).ps(machine.isa().cas());
    }
  }

  /** {@code cpu} has nothing to run from {@code now}. */
  void wentIdle(int cpu, long now) {
    idleSince[cpu] = now;
  }

  /** The delay before a task {@code waker} wakes at {@code at} switches in on idle {@code target}. */
  long idleTargetPs(int target, int waker, long at) {
    long idle = at - idleSince[target];
    return target == waker ? idleExit.exitPs(idle) : ipiPs(target) + idleExit.extraPs(idle);
  }

  /** The delay before busy {@code target} sees the reschedule IPI {@code waker} sends. */
  long busyTargetPs(int target, int waker) {
    return target == waker ? 0 : Math.max(0, ipiPs(target) - idleExit.shallowPs());
  }

  /** The IPI estimate without the switch, which the switch prices. */
  private long ipiPs(int target) {
    return Math.max(0, ipiPs - ctxPs[target]);
  }

  /**
   * What {@code cpu} pays at {@code at} to take {@code target}'s run-queue lock: the locked
   * instruction, and the line's transfer when another CPU has it.
   */
  long runQueueLockPs(int cpu, int target, long at) {
    return coherence.write(cpu, rqLine[target], at, casPs[cpu], false) - at;
  }

  /** What {@code cpu}'s switch at {@code at} pays for its own run-queue lock beyond the CAS it includes. */
  long ownRunQueueExtraPs(int cpu, long at) {
    return runQueueLockPs(cpu, cpu, at) - casPs[cpu];
  }
}
