package org.locksim.cpu;

import java.util.List;
import java.util.Objects;

/**
 * Operating-system costs of a machine, in nanoseconds.
 *
 * @param contextSwitch direct cost of switching tasks on one CPU
 * @param wakeupIpi from sending a reschedule IPI to the target CPU starting the woken task
 * @param syscall entry plus exit of a null system call
 * @param timerTick handler cost of one timer interrupt
 * @param idleStates the idle states, shallowest first; {@code wakeupIpi} includes the exit
 *     from the first, and a CPU idle for longer than a deeper state's target residency pays
 *     that state's exit latency instead (an idle governor that predicts each idle period)
 */
public record KernelCosts(
    Sourced contextSwitch,
    Sourced wakeupIpi,
    Sourced syscall,
    Sourced timerTick,
    List<IdleState> idleStates) {
  public KernelCosts {
    Objects.requireNonNull(contextSwitch, "contextSwitch");
    Objects.requireNonNull(wakeupIpi, "wakeupIpi");
    Objects.requireNonNull(syscall, "syscall");
    Objects.requireNonNull(timerTick, "timerTick");
    idleStates = List.copyOf(idleStates);
    if (idleStates.isEmpty()) {
      throw new IllegalArgumentException("a machine needs at least one idle state");
    }
  }
}
