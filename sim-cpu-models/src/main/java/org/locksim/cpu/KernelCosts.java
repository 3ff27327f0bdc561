package org.locksim.cpu;

import java.util.Objects;

/**
 * Operating-system costs of a machine, in nanoseconds.
 *
 * @param contextSwitch direct cost of switching tasks on one CPU
 * @param wakeupIpi from sending a reschedule IPI to the target CPU starting the woken task
 * @param syscall entry plus exit of a null system call
 * @param timerTick handler cost of one timer interrupt
 * @param migrationPenalty extra run time after a task moves CPU (cold caches and TLB)
 */
public record KernelCosts(
    Sourced contextSwitch,
    Sourced wakeupIpi,
    Sourced syscall,
    Sourced timerTick,
    Sourced migrationPenalty) {
  public KernelCosts {
    Objects.requireNonNull(contextSwitch, "contextSwitch");
    Objects.requireNonNull(wakeupIpi, "wakeupIpi");
    Objects.requireNonNull(syscall, "syscall");
    Objects.requireNonNull(timerTick, "timerTick");
    Objects.requireNonNull(migrationPenalty, "migrationPenalty");
  }
}
