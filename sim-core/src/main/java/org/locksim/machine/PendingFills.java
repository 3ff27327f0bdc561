package org.locksim.machine;

/**
 * Per CPU, the line its last prefetch asked for and when the data arrives: a load of that line
 * before then merges with the fill under way and waits for it, as a demand miss that finds its
 * line in a fill buffer does, rather than hitting a copy that is not there yet.
 */
final class PendingFills {
  private final CacheLine[] line;
  private final long[] arrival;

  PendingFills(int cpus) {
    line = new CacheLine[cpus];
    arrival = new long[cpus];
  }

  /** {@code cpu}'s prefetch of {@code l} (a home line) brings the data at {@code at}. */
  void note(int cpu, CacheLine l, long at) {
    line[cpu] = l;
    arrival[cpu] = at;
  }

  /** When a load by {@code cpu} of home line {@code l}, a hit, may have its data: not before {@code now}. */
  long ready(int cpu, CacheLine l, long now) {
    return line[cpu] == l && arrival[cpu] > now ? arrival[cpu] : now;
  }
}
