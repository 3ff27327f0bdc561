package org.locksim.trace;

/** Test access to {@link SyntheticRun} for tests outside this package. */
public final class TraceFixtures {
    private TraceFixtures() {
    }

    /** Returns the header of the synthetic mix. */
    public static TraceHeader header() {
        return SyntheticRun.header();
    }

    /** Writes about {@code intervals} intervals of the synthetic mix. */
    public static void writeMix(TraceWriter w, long intervals) {
        SyntheticRun.write(w, intervals, 3, false, () -> { });
    }
}
