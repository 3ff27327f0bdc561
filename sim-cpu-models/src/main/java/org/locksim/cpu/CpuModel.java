package org.locksim.cpu;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A CPU model: what one machine's hardware costs. The cost table must price exactly the
 * instructions of its architecture, and the transfer table must cover the distances its
 * topology has.
 *
 * @param name catalog name
 * @param description what real machine this stands for
 * @param architecture instruction-set family
 * @param year when such machines were current
 * @param topology sockets, clusters, cores, threads and frequencies
 * @param costs instruction cycles
 * @param transfer cache-line transfer latencies
 * @param kernel operating-system costs
 */
public record CpuModel(
    String name,
    String description,
    Architecture architecture,
    int year,
    Topology topology,
    CostTable costs,
    TransferTable transfer,
    KernelCosts kernel) {
  public CpuModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(architecture, "architecture");
    Objects.requireNonNull(topology, "topology");
    Objects.requireNonNull(costs, "costs");
    Objects.requireNonNull(transfer, "transfer");
    Objects.requireNonNull(kernel, "kernel");
    Set<Instr> missing = architecture.requiredInstructions();
    missing.removeAll(costs.cycles().keySet());
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "model " + name + " lacks costs for " + names(missing));
    }
    Set<Instr> extra = EnumSet.noneOf(Instr.class);
    extra.addAll(costs.cycles().keySet());
    extra.removeAll(architecture.requiredInstructions());
    if (!extra.isEmpty()) {
      throw new IllegalArgumentException(
          "model " + name + " prices instructions " + architecture.jsonName() + " lacks: "
              + names(extra));
    }
  }

  private static String names(Set<Instr> set) {
    StringBuilder sb = new StringBuilder();
    for (Instr i : set) {
      sb.append(sb.length() == 0 ? "" : ", ").append(i.jsonName());
    }
    return sb.toString();
  }

  /** Logical CPUs. */
  public int cpuCount() {
    return topology.cpuCount();
  }
}
