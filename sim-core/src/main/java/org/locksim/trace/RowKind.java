package org.locksim.trace;

import java.util.List;

/**
 * The kinds of interval rows a trace holds, with the names of the states their intervals take.
 * Used by {@link TraceFile#summary} and by exporters to interpret a state ordinal.
 */
public enum RowKind {
    /** One row per CPU; states are {@link CpuState} ordinals. */
    CPU(List.of(CpuState.values()).stream().map(Enum::name).toList()),
    /** One row per task; states are {@link TaskState} ordinals. */
    TASK(List.of(TaskState.values()).stream().map(Enum::name).toList()),
    /** One row per lock; its only state, {@code HELD} (ordinal 0), means some task owns it. */
    LOCK(List.of("HELD"));

    private final List<String> stateNames;

    RowKind(List<String> stateNames) {
        this.stateNames = stateNames;
    }

    /** Returns how many distinct states intervals of this row kind can take. */
    public int stateCount() {
        return stateNames.size();
    }

    /** Returns the name of state {@code ordinal}, for example {@code "SPINNING"}. */
    public String stateName(int ordinal) {
        return stateNames.get(ordinal);
    }
}
