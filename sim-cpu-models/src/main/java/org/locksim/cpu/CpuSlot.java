package org.locksim.cpu;

/**
 * Where one logical CPU sits in a {@link Topology}.
 *
 * @param id the CPU number, 0-based, socket-major then cluster, core and thread
 * @param socket socket index
 * @param cluster index into {@link Topology#clusters()}
 * @param core core number, unique across the machine
 * @param thread SMT thread within the core
 * @param frequencyMHz the cluster's clock
 */
public record CpuSlot(int id, int socket, int cluster, int core, int thread, double frequencyMHz) {
  /** Picoseconds one cycle of this CPU lasts, as a double (exact division is rare). */
  public double psPerCycle() {
    return 1_000_000.0 / frequencyMHz;
  }
}
