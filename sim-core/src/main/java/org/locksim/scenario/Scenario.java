package org.locksim.scenario;

import java.util.List;
import java.util.Objects;
import org.locksim.cpu.CpuModel;
import org.locksim.machine.KernelConfig;
import org.locksim.sched.SchedConfig;
import org.locksim.workload.Workload;

/**
 * A loaded, checked scenario: everything a run needs.
 *
 * @param name scenario name
 * @param variant variant name, or empty for a scenario without variants
 * @param description what it models
 * @param file where it was loaded from
 * @param machine the CPU model
 * @param kernel the kernel build
 * @param scheduler scheduler settings
 * @param locks lock definitions
 * @param workload what the tasks do
 * @param run run length, seed and repeats
 */
public record Scenario(
    String name,
    String variant,
    String description,
    String file,
    CpuModel machine,
    KernelConfig kernel,
    SchedConfig scheduler,
    List<LockDef> locks,
    Workload workload,
    RunSettings run) {
  public Scenario {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(variant, "variant");
    locks = List.copyOf(locks);
  }

  /** {@code name} or {@code name/variant}. */
  public String label() {
    return variant.isEmpty() ? name : name + "/" + variant;
  }
}
