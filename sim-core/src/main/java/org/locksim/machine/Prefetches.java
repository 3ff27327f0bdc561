package org.locksim.machine;

/**
 * Prefetches: requests for a line the CPU does not wait for, whose data a later load of the
 * line waits for if it comes before it ({@link PendingFills}).
 */
final class Prefetches {
  private final Coherence coherence;
  private final Ownership ownership;
  private final CoreCaches cores;
  private final FromUnder under;
  private final KeptCopies kept;
  private final PendingFills fills;
  private final LineWatchers watchers;

  Prefetches(Coherence coherence, Ownership ownership, CoreCaches cores, FromUnder under,
      KeptCopies kept, PendingFills fills, LineWatchers watchers) {
    this.coherence = coherence;
    this.ownership = ownership;
    this.cores = cores;
    this.under = under;
    this.kept = kept;
    this.fills = fills;
    this.watchers = watchers;
  }

  /**
   * A prefetch for writing ({@code prefetchw}) of {@code line} by {@code cpu} at {@code now}: a
   * read for ownership that the CPU does not wait for and that no store orders, so it leaves
   * the store buffer's order alone; the line's other copies are invalidated, and a CPU spinning
   * on it reads it again from {@code cpu}. A line {@code cpu} owns is left as it is, and so is
   * one whose owner is still draining buffered stores to it (a prefetch is a hint the core may
   * drop).
   */
  void forWrite(int cpu, CacheLine line, long now) {
    CacheLine p = line.home;
    if (p.owner == cpu || p.demotedButKept(cpu, now)
        || under.storeStart(cpu, p, now) >= 0) {
      return;
    }
    p.demoted = -1;
    long arrived = cores.coreOnly(cpu, p) ? cores.take(cpu, p, now) : ownership.take(cpu, p, now);
    p.busyUntil = Math.max(p.busyUntil, arrived);
    kept.forget(cpu);
    fills.note(cpu, p, arrived);
    watchers.written(p, cpu, arrived);
  }

  /**
   * A prefetch for reading ({@code prefetcht0}) of {@code line} by {@code cpu} at {@code now}:
   * a read the CPU does not wait for. A line {@code cpu} holds is left as it is.
   */
  void forRead(int cpu, CacheLine line, long now) {
    CacheLine p = line.home;
    if (p.owner != cpu && !p.isSharer(cpu)) {
      fills.note(cpu, p, coherence.read(cpu, line, now, 0));
    }
    kept.forget(cpu);
  }
}
