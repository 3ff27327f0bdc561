package org.locksim.machine;

/**
 * A read for ownership queued at a line's home: it starts when the home has finished the
 * requests before it, when no exclusive access holds the line and when the reads in flight
 * (and the spinners' re-reads issued by then) are done; the data comes from the nearest holder
 * by the way through the home ({@link MissPrices}), and every other copy is dropped. The
 * previous owner loses the line half-way through the transfer ({@link KeptCopies}).
 */
final class Ownership {
  private final MissPrices prices;
  private final HomeService home;
  private final KeptCopies kept;
  private long transfers;

  Ownership(MissPrices prices, HomeService home, KeptCopies kept) {
    this.prices = prices;
    this.home = home;
    this.kept = kept;
  }

  /**
   * {@code cpu}'s request for {@code p} (a home line it does not own), queued at {@code now}:
   * the line is {@code cpu}'s alone from then on; returns when it arrives.
   */
  long take(int cpu, CacheLine p, long now) {
    long base = prices.exclusivePs(cpu, p);
    long transfer = base + prices.detourPs(cpu, p, true);
    long reads = now >= p.rereadsIssued ? Math.max(p.readsDone, p.rereadsDone) : p.readsDone;
    long start = home.start(now,
        Math.max(Math.max(now, p.busyUntil), Math.max(reads, p.homeFreeAt(now))), now);
    p.homeFree = start + home.occupancyPs();
    if (base > 0) {
      p.transfers++;
      transfers++;
    }
    if (p.owner >= 0) {
      // The line leaves the previous owner while this transfer is under way.
      kept.leaves(p.owner, p, start + transfer / 2);
    }
    p.clearSharers();
    p.owner = cpu;
    return start + transfer;
  }

  /** Transfers the requests have made between CPUs. */
  long transfers() {
    return transfers;
  }
}
