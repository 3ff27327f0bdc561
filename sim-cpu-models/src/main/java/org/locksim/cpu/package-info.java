/**
 * What hardware costs. A {@link org.locksim.cpu.CpuModel} names an architecture, a
 * {@link org.locksim.cpu.Topology} (packages, clusters, cores, SMT threads), a
 * {@link org.locksim.cpu.CostTable} of instruction costs in cycles, cache-line
 * {@link org.locksim.cpu.TransferTable transfer latencies} per pair of places in that
 * hierarchy (four {@link org.locksim.cpu.Distance} classes, refined by
 * {@link org.locksim.cpu.ClusterPairs} and a SLIT-like {@link org.locksim.cpu.SocketMatrix}),
 * the {@link org.locksim.cpu.CoherenceSpec} of its coherence homes, and the
 * {@link org.locksim.cpu.KernelCosts} of context switches, IPIs and the like. Every number is a
 * {@link org.locksim.cpu.Sourced} value, or sits in a table with a source, that says where it
 * comes from.
 *
 * <p>The bundled catalog lives as JSON resources next to this package ({@code models/}); the
 * {@link org.locksim.cpu.ModelCatalog} lists them and hands out their text. Turning JSON into
 * these records, with located error messages, is the scenario loader's job.
 */
package org.locksim.cpu;
