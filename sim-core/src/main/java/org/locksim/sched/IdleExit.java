package org.locksim.sched;

import java.util.List;
import org.locksim.cpu.IdleState;

/**
 * What waking an idle CPU costs beyond waking a busy one: the exit latency of the idle state
 * it slept in. The state is the deepest whose target residency the idle period reached, as an
 * idle governor that predicts each period exactly would choose (Linux's menu and teo governors
 * aim at that; drivers/cpuidle/governors/). The model's {@code wakeupIpi} already includes the
 * exit from the shallowest state, so only the difference to a deeper one is added; a busy CPU,
 * which a reschedule IPI interrupts without any exit, saves the shallowest state's exit.
 */
final class IdleExit {
  private final long[] residencyPs;
  private final long[] extraPs;
  private final long shallowPs;

  /**
   * @param latencyLimitUs the longest exit latency the kernel accepts (a PM QoS request); the
   *     shallowest state is entered whatever it is
   */
  IdleExit(List<IdleState> states, double latencyLimitUs) {
    int n = 1;
    while (n < states.size() && states.get(n).exitUs() <= latencyLimitUs) {
      n++;
    }
    residencyPs = new long[n];
    extraPs = new long[n];
    shallowPs = usToPs(states.get(0).exitUs());
    for (int i = 0; i < n; i++) {
      residencyPs[i] = usToPs(states.get(i).residencyUs());
      extraPs[i] = usToPs(states.get(i).exitUs()) - shallowPs;
    }
  }

  /** The exit latency beyond the shallowest state's, after {@code idlePs} of idle. */
  long extraPs(long idlePs) {
    return extraPs[state(idlePs)];
  }

  /**
   * The whole exit latency after {@code idlePs} of idle: what a CPU woken by its own timer or
   * interrupt pays, with no IPI.
   */
  long exitPs(long idlePs) {
    return shallowPs + extraPs[state(idlePs)];
  }

  /** The deepest state whose target residency {@code idlePs} reached; the first at least. */
  private int state(long idlePs) {
    for (int i = residencyPs.length - 1; i > 0; i--) {
      if (idlePs >= residencyPs[i]) {
        return i;
      }
    }
    return 0;
  }

  /** The shallowest state's exit latency, which a wakeup of a busy CPU does not pay. */
  long shallowPs() {
    return shallowPs;
  }

  private static long usToPs(double us) {
    return Math.round(us * 1_000_000);
  }
}
