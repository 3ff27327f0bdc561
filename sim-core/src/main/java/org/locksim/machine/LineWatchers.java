package org.locksim.machine;

/**
 * Tells the CPUs watching a line (event-driven spinners holding a shared copy) that it was
 * written, in the order their re-reads reach its home ({@link ArrivalOrder}).
 */
final class LineWatchers {
  private final ArrivalOrder arrival;
  private final LineListener listener;
  /** The CPUs' count, for the bus's rotating priority; 0 where each line has its own home. */
  private final int busAgents;

  LineWatchers(ArrivalOrder arrival, LineListener listener, int busAgents) {
    this.arrival = arrival;
    this.listener = listener;
    this.busAgents = busAgents;
  }

  /**
   * Tells the watchers of {@code line} that {@code writer} wrote it, visible at
   * {@code visibleAt}. The re-reads are ordered from the line's home slot on a point-to-point
   * machine; on a front-side bus from the agent after the writer, the last bus owner, since the
   * P6 bus grants requests made together by rotating priority from the agent that owned it last
   * (Intel, Pentium Pro Family Developer's Manual vol. 1, ch. 4, bus arbitration).
   */
  void written(CacheLine line, int writer, long visibleAt) {
    int n = line.watchCount;
    if (n == 0) {
      return;
    }
    int slot = busAgents > 0 ? (writer + 1) % busAgents : line.homeSlot;
    // Swap in the spare arrays, so that listeners may watch the line again while we go on.
    int[] cpus = line.watchCpu;
    long[] tokens = line.watchToken;
    line.watchCpu = line.spareCpu;
    line.watchToken = line.spareToken;
    line.watchCount = 0;
    arrival.sort(cpus, tokens, n, slot);
    for (int i = 0; i < n; i++) {
      listener.lineWritten(cpus[i], tokens[i], visibleAt);
    }
    line.spareCpu = cpus;
    line.spareToken = tokens;
  }
}
