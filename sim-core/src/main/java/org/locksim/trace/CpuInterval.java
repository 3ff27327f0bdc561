package org.locksim.trace;

/**
 * One interval of a CPU row, as read back from a trace.
 *
 * @param cpu the CPU index
 * @param startPs inclusive start, picoseconds
 * @param endPs exclusive end, picoseconds
 * @param state what the CPU did
 * @param task the task on the CPU, or -1 when idle
 * @param function string id of the kernel function, or -1
 */
public record CpuInterval(int cpu, long startPs, long endPs, CpuState state, int task, int function) {
}
