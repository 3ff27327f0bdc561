/**
 * What hardware costs. A {@link org.locksim.cpu.CpuModel} names an architecture, a
 * {@link org.locksim.cpu.Topology} of sockets, clusters, cores and SMT threads, a
 * {@link org.locksim.cpu.CostTable} of instruction costs in cycles, cache-line
 * {@link org.locksim.cpu.TransferTable transfer latencies} by {@link org.locksim.cpu.Distance}
 * and the {@link org.locksim.cpu.KernelCosts} of context switches, IPIs and the like. Every
 * number is a {@link org.locksim.cpu.Sourced} value that says where it comes from.
 *
 * <p>The bundled catalog lives as JSON resources next to this package ({@code models/}); the
 * {@link org.locksim.cpu.ModelCatalog} lists them and hands out their text. Turning JSON into
 * these records, with located error messages, is the scenario loader's job.
 */
package org.locksim.cpu;
