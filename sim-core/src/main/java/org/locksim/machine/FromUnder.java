package org.locksim.machine;

/**
 * When an access of one CPU takes a line from under another CPU's buffered stores
 * ({@link BufferedStores}): a read or an atomic always may, a plain store unless it would
 * itself wait behind its own CPU's earlier stores (the model keeps one window per line), and
 * only when the access would arrive before the window closes anyway. Also what such a read
 * saw: the words as they were before the buffered stores.
 */
final class FromUnder {
  private final MissPrices prices;
  private final BufferedStores buffered;
  /** Per CPU: when every store it has issued so far is visible (the {@link Coherence}'s). */
  private final long[] storesVisible;

  FromUnder(MissPrices prices, BufferedStores buffered, long[] storesVisible) {
    this.prices = prices;
    this.buffered = buffered;
    this.storesVisible = storesVisible;
  }

  /**
   * When a miss of {@code cpu} issued at {@code now}, whose data takes {@code transferPs},
   * can start if it takes {@code p} from under another CPU's buffered stores: -1 when no window
   * is open or the miss would arrive after it has closed anyway.
   */
  long start(int cpu, CacheLine p, long now, long transferPs) {
    if (!BufferedStores.inWindow(p, cpu, now)) {
      return -1;
    }
    long home = Math.max(Math.max(now, p.bufferedFrom), p.homeFreeAt(now));
    long from = BufferedStores.takeStart(p, home);
    return from + transferPs < p.bufferedUntil ? from : -1;
  }

  /** When an atomic of {@code cpu}, its store buffer drained at {@code now}, starts from under; else -1. */
  long atomicStart(int cpu, CacheLine p, long now) {
    if (p.owner == cpu || !BufferedStores.inWindow(p, cpu, now)) {
      return -1;
    }
    return start(cpu, p, now, exclusivePs(cpu, p));
  }

  /** When a plain store's read for ownership starts from under; else -1. */
  long storeStart(int cpu, CacheLine p, long now) {
    if (p.owner == cpu || !BufferedStores.inWindow(p, cpu, now)) {
      return -1;
    }
    long transfer = exclusivePs(cpu, p);
    long from = start(cpu, p, now, transfer);
    return from >= 0 && from + transfer >= storesVisible[cpu] ? from : -1;
  }

  /** What an exclusive access of {@code p} by {@code cpu} takes to arrive, by the way home. */
  long exclusivePs(int cpu, CacheLine p) {
    return prices.exclusivePs(cpu, p) + prices.detourPs(cpu, p, true);
  }

  /** Word {@code w} of {@code line} as {@code cpu}'s last read saw it. */
  long wordSeen(int cpu, CacheLine line, int w) {
    return buffered.sawOldWords(cpu, line.home) ? line.wordBeforeWindow(w) : line.peek(w);
  }

  /** Word {@code w} of {@code line} as a read by {@code cpu} issued at {@code now} would see it. */
  long wordIfRead(int cpu, CacheLine line, int w, long now) {
    CacheLine p = line.home;
    if (p.owner == cpu || p.isSharer(cpu) || !BufferedStores.inWindow(p, cpu, now)) {
      return line.peek(w);
    }
    long transfer = prices.readPs(cpu, p) + prices.detourPs(cpu, p, false);
    return start(cpu, p, now, transfer) >= 0 ? line.wordBeforeWindow(w) : line.peek(w);
  }

  /** When the stores {@code cpu}'s last read of {@code line} was taken from under become visible, or -1. */
  long windowSeenBy(int cpu, CacheLine line) {
    CacheLine p = line.home;
    return buffered.sawOldWords(cpu, p) ? p.bufferedUntil : -1;
  }
}
