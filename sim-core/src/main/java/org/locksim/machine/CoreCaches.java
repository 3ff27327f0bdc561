package org.locksim.machine;

import java.util.Arrays;

/**
 * Which CPUs share a core's caches. The hardware threads of one core share its L1 data cache
 * and its L2 (Intel Hyper-Threading: Intel SDM vol. 3A, 8.7; Marr et al., "Hyper-Threading
 * Technology Architecture and Microarchitecture", Intel Technology Journal 6(1), 2002; Zen's
 * SMT the same); a Bulldozer module's two cores keep write-through L1s and share the L2. So
 * coherence state belongs to the core, not to the thread: a thread whose sibling holds a line
 * reads it from the core's own cache, and writes it there when no other core holds a copy,
 * without a request to the line's home. The hop between the two threads is the model's
 * {@code smtSibling} transfer. Part of {@link Coherence}; a machine without SMT has no
 * siblings, and every query answers as if each CPU had a core of its own.
 */
final class CoreCaches {
  private final int words;
  /** Per CPU, {@code words} longs: the other CPUs of its core. */
  private final long[] siblings;
  private boolean any;
  private final MissPrices prices;
  private final KeptCopies kept;

  CoreCaches(int cpus, MissPrices prices, KeptCopies kept) {
    this.words = (cpus + 63) >>> 6;
    this.siblings = new long[cpus * words];
    this.prices = prices;
    this.kept = kept;
  }

  /** The CPUs' cores: {@code core[cpu]}, equal for the hardware threads of one core. */
  void cores(int[] core) {
    int n = core.length;
    Arrays.fill(siblings, 0);
    any = false;
    for (int cpu = 0; cpu < n; cpu++) {
      for (int other = 0; other < n; other++) {
        if (other != cpu && core[other] == core[cpu]) {
          siblings[cpu * words + (other >>> 6)] |= 1L << other;
          any = true;
        }
      }
    }
  }

  /**
   * A sibling of {@code cpu} whose copy of {@code p} is in their core's cache (the owner, or
   * the lowest-numbered sibling sharer), or -1.
   */
  int siblingHolder(int cpu, CacheLine p) {
    if (!any) {
      return -1;
    }
    int at = cpu * words;
    if (p.owner >= 0) {
      return (siblings[at + (p.owner >>> 6)] & (1L << p.owner)) != 0 ? p.owner : -1;
    }
    if (p.sharerCount == 0) {
      return -1;
    }
    for (int w = 0; w < words; w++) {
      long both = p.sharers[w] & siblings[at + w];
      if (both != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(both);
      }
    }
    return -1;
  }

  /**
   * Whether a sibling of {@code cpu} holds {@code p} and no other core does: the core has the
   * line to itself, so {@code cpu} may write it without asking the home.
   */
  boolean coreOnly(int cpu, CacheLine p) {
    if (siblingHolder(cpu, p) < 0) {
      return false;
    }
    if (p.owner >= 0) {
      return true;
    }
    int at = cpu * words;
    for (int w = 0; w < words; w++) {
      long self = (cpu >>> 6) == w ? 1L << cpu : 0;
      if ((p.sharers[w] & ~(siblings[at + w] | self)) != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * When {@code cpu}, which holds no copy of {@code p}, has it from its core's cache, reading
   * at {@code at}: a sibling has the line and no other CPU's store buffer holds it, so it comes
   * when the sibling's copy has come (an owner's when its transfer is done; a sharer's, the
   * latest read in flight, and with {@code rereads} the latest re-read priced ahead), one hop
   * later. -1 when the core does not have the line.
   */
  long copyReady(int cpu, CacheLine p, long at, boolean rereads) {
    int sibling = siblingHolder(cpu, p);
    if (sibling < 0 || BufferedStores.inWindow(p, cpu, at)) {
      return -1;
    }
    long ready = Math.max(at, p.busyUntil);
    if (p.owner < 0) {
      ready = Math.max(ready, rereads ? Math.max(p.readsDone, p.rereadsDone) : p.readsDone);
    }
    return ready + prices.hopPs(cpu, sibling);
  }

  /**
   * A load of {@code p} by {@code cpu}, which holds no copy, served from its core's cache
   * ({@link #copyReady}); {@code cpu} then shares the line. Returns when the data is there, or
   * -1 when the core does not have the line.
   */
  long read(int cpu, CacheLine p, long now) {
    long ready = copyReady(cpu, p, now, false);
    if (ready >= 0) {
      p.demoted = -1;
      p.joinSharers(cpu);
    }
    return ready;
  }

  /**
   * Ownership of a line only {@code cpu}'s core holds ({@link #coreOnly}), taken in the core's
   * own cache: no request to the home and no copy elsewhere to invalidate; the data is one hop
   * from the sibling that has it, once it has come. Returns when it is {@code cpu}'s.
   */
  long take(int cpu, CacheLine p, long now) {
    long arrived = Math.max(now, p.busyUntil) + prices.hopPs(cpu, siblingHolder(cpu, p));
    if (p.owner >= 0) {
      kept.leaves(p.owner, p, arrived);
    }
    p.clearSharers();
    p.owner = cpu;
    return arrived;
  }
}
