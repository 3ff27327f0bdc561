package org.locksim.cpu;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A CPU model: what one machine's hardware costs. The cost table must price exactly the
 * instructions of its architecture, the transfer table's cluster pairs and socket matrix
 * must fit the topology, and the coherence section says how the machine's homes serialise
 * requests and invalidate sharers.
 *
 * @param name catalog name
 * @param description what real machine this stands for
 * @param architecture instruction-set family
 * @param year when such machines were current
 * @param topology sockets, clusters, cores, threads and frequencies
 * @param costs instruction cycles
 * @param transfer cache-line transfer latencies
 * @param coherence the invalidation protocol and the home's occupancy per request
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
    CoherenceSpec coherence,
    KernelCosts kernel) {
  public CpuModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(architecture, "architecture");
    Objects.requireNonNull(topology, "topology");
    Objects.requireNonNull(costs, "costs");
    Objects.requireNonNull(transfer, "transfer");
    Objects.requireNonNull(coherence, "coherence");
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
    extra.removeAll(architecture.optionalInstructions());
    if (!extra.isEmpty()) {
      throw new IllegalArgumentException(
          "model " + name + " prices instructions " + architecture.jsonName() + " lacks: "
              + names(extra));
    }
    transfer.checkFits(topology);
  }

  private static String names(Set<Instr> set) {
    StringBuilder sb = new StringBuilder();
    for (Instr i : set) {
      sb.append(sb.length() == 0 ? "" : ", ").append(i.jsonName());
    }
    return sb.toString();
  }

  /**
   * Nanoseconds to move a line between the CPUs at {@code a} and {@code b} of this model's
   * topology: the one per-pair rule, {@link TransferTable#nsBetween}.
   */
  public double transferNs(CpuSlot a, CpuSlot b) {
    return transfer.nsBetween(topology, a, b);
  }

  /** Logical CPUs. */
  public int cpuCount() {
    return topology.cpuCount();
  }
}
