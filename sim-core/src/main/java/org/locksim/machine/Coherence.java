package org.locksim.machine;

/**
 * Prices accesses to cache lines and keeps their coherence state (a MESI-like owner or sharers
 * model with one rule for contention: exclusive transfers of one line are serialized).
 *
 * <ul>
 *   <li>A read by a CPU holding a copy costs the instruction; otherwise it waits until no
 *       exclusive access holds the line, takes one transfer from the nearest holder, and the
 *       owner, if any, becomes a sharer. Reads do not wait for each other: the shared copies of
 *       one line are served in parallel, as a last-level cache or home agent serves them.
 *   <li>A write or read-modify-write needs the line exclusively: one transfer from the nearest
 *       holder (an upgrade from shared costs the invalidation of the farthest other sharer),
 *       then every other copy is invalidated; it waits for reads in flight and for earlier
 *       exclusive accesses. An atomic keeps the line busy until it completes;
 *       a plain store is posted (the CPU goes on at once, the line is busy for the transfer).
 * </ul>
 *
 * <p>Each method returns the time the issuing CPU may go on. Watchers of a written line are
 * told when the write becomes visible.
 */
public final class Coherence {
  private final long[][] transferPs;
  private final LineListener listener;
  private long transfers;

  Coherence(long[][] transferPs, LineListener listener) {
    this.transferPs = transferPs;
    this.listener = listener;
  }

  /** A load of {@code line} by {@code cpu} issued at {@code now}, costing {@code instrPs}. */
  public long read(int cpu, CacheLine line, long now, long instrPs) {
    if (line.owner == cpu || line.isSharer(cpu)) {
      return now + instrPs;
    }
    long transfer = nearestHolderPs(cpu, line);
    long start = Math.max(now, line.busyUntil);
    long arrived = start + transfer;
    if (transfer > 0) {
      line.readsDone = Math.max(line.readsDone, arrived);
      line.transfers++;
      transfers++;
    }
    if (line.owner >= 0) {
      line.addSharer(line.owner);
      line.owner = -1;
    }
    line.addSharer(cpu);
    return arrived + instrPs;
  }

  /**
   * A write or atomic read-modify-write of {@code line} by {@code cpu} issued at {@code now}.
   *
   * @param posted a plain store: the CPU does not wait for the line
   * @return when the CPU may go on
   */
  public long write(int cpu, CacheLine line, long now, long instrPs, boolean posted) {
    long visible;
    long done;
    if (line.owner == cpu) {
      // A posted store of this CPU may still be waiting for the line: the new value is seen
      // when the line arrives, and an atomic (which drains the store buffer) completes after.
      long start = posted ? now : Math.max(now, line.busyUntil);
      done = start + instrPs;
      visible = Math.max(done, line.busyUntil);
      if (!posted) {
        // An atomic holds the line until it completes, even in the cache that owns it.
        line.busyUntil = Math.max(line.busyUntil, done);
      }
    } else {
      long transfer = line.isSharer(cpu) ? farthestOtherSharerPs(cpu, line) : nearestHolderPs(cpu, line);
      long start = Math.max(now, Math.max(line.busyUntil, line.readsDone));
      long arrived = start + transfer;
      if (transfer > 0) {
        line.transfers++;
        transfers++;
      }
      if (posted) {
        done = now + instrPs;
        visible = arrived;
        line.busyUntil = arrived;
      } else {
        done = arrived + instrPs;
        visible = done;
        line.busyUntil = done;
      }
      line.clearSharers();
      line.owner = cpu;
    }
    notifyWatchers(line, visible);
    return done;
  }

  private void notifyWatchers(CacheLine line, long visibleAt) {
    int n = line.watchCount;
    if (n == 0) {
      return;
    }
    // Swap in the spare arrays, so that listeners may watch the line again while we go on.
    int[] cpus = line.watchCpu;
    long[] tokens = line.watchToken;
    line.watchCpu = line.spareCpu;
    line.watchToken = line.spareToken;
    line.watchCount = 0;
    for (int i = 0; i < n; i++) {
      listener.lineWritten(cpus[i], tokens[i], visibleAt);
    }
    line.spareCpu = cpus;
    line.spareToken = tokens;
  }

  /**
   * Registers {@code cpu} to be told when {@code line} is next written. The caller has just
   * read the line, so it holds a shared copy.
   */
  public void watch(int cpu, CacheLine line, long token) {
    line.addWatcher(cpu, token);
  }

  private long nearestHolderPs(int cpu, CacheLine line) {
    if (line.owner >= 0) {
      return transferPs[cpu][line.owner];
    }
    if (line.sharerCount == 0) {
      return memoryPs(cpu);
    }
    long best = Long.MAX_VALUE;
    long[] s = line.sharers;
    for (int w = 0; w < s.length; w++) {
      long bits = s[w];
      while (bits != 0) {
        int other = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        best = Math.min(best, transferPs[cpu][other]);
      }
    }
    return best;
  }

  private long farthestOtherSharerPs(int cpu, CacheLine line) {
    long worst = 0;
    long[] s = line.sharers;
    for (int w = 0; w < s.length; w++) {
      long bits = s[w];
      while (bits != 0) {
        int other = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        if (other != cpu) {
          worst = Math.max(worst, transferPs[cpu][other]);
        }
      }
    }
    return worst;
  }

  /** A line no cache holds comes from memory: priced as the farthest transfer this CPU has. */
  private long memoryPs(int cpu) {
    long worst = 0;
    for (long t : transferPs[cpu]) {
      worst = Math.max(worst, t);
    }
    return worst;
  }

  /** Transfers between CPUs of all lines so far. */
  public long transfers() {
    return transfers;
  }
}
