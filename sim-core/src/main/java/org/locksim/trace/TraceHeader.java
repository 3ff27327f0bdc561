package org.locksim.trace;

import java.util.Objects;

/**
 * What a trace describes, written once at the start of the file.
 *
 * <p>The task and lock counts are the numbers known when the run starts; a run may define more
 * rows later (a fork, a lock allocated on the fly) and the reader takes the larger of the two.
 * The CPU count is fixed: a CPU index must be below it.
 *
 * @param scenario the scenario name, for titles
 * @param seed the scenario seed the run used
 * @param cpuCount number of CPU rows
 * @param taskCount number of task rows known at the start
 * @param lockCount number of lock rows known at the start
 */
public record TraceHeader(String scenario, long seed, int cpuCount, int taskCount, int lockCount) {
    /** Validates the counts and the scenario name. */
    public TraceHeader {
        Objects.requireNonNull(scenario, "scenario");
        if (cpuCount < 0 || taskCount < 0 || lockCount < 0) {
            throw new IllegalArgumentException("counts must not be negative: cpus=" + cpuCount
                + " tasks=" + taskCount + " locks=" + lockCount);
        }
    }
}
