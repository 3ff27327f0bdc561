package org.locksim.cpu;

import java.util.Objects;

/**
 * One idle state (C-state) a CPU can sleep in, as the kernel's idle driver lists it: Linux's
 * {@code intel_idle} tables and ACPI {@code _CST} objects give each state an exit latency and
 * a target residency, the shortest idle period for which entering it pays off.
 *
 * @param name the state's name ({@code C1}, {@code C1E}, {@code C6}, {@code WFI})
 * @param exitUs microseconds from the wakeup to the CPU running again
 * @param residencyUs the shortest idle period, in microseconds, for which the state is chosen
 * @param source where the two figures come from; never blank
 */
public record IdleState(String name, double exitUs, double residencyUs, String source) {
  public IdleState {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    if (source.isBlank()) {
      throw new IllegalArgumentException("an idle state needs a source");
    }
    if (!(exitUs >= 0) || !(residencyUs >= 0) || Double.isInfinite(exitUs)
        || Double.isInfinite(residencyUs)) {
      throw new IllegalArgumentException("an idle state's figures must be finite and >= 0");
    }
  }
}
