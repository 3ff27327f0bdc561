package org.locksim.machine;

/**
 * Spinners' re-reads of a line, priced ahead of their issue. When a write leaves a spun-on word
 * as it was, the spin loop's next pass re-reads the line later than the simulation's present;
 * pricing that read at once, at the line's home, lets a spinner cost no event of its own. Such
 * a re-read books the home apart from the reads issued in the present
 * (a time of its own in the line's state), so it does not delay exclusive accesses issued before it:
 * in the machine those requests reach the line first.
 *
 * <p>A re-read of a line another CPU owns is answered by that CPU, and takes the line from it
 * only when the request reaches it, half-way through the transfer (the point
 * {@link KeptCopies} and {@link BufferedStores} use too): until then the line is still the
 * owner's, so a write or atomic it issues meanwhile (a lock's releaser queueing again, or
 * taking the lock back) is a hit in its own cache, and the re-read brings that write's words
 * ({@link #reach}). Part of {@link Coherence}.
 */
public final class Rereads {
  private final MissPrices prices;
  private final HomeService home;
  private final BufferedStores buffered;
  private final CoreCaches cores;
  private long transfers;
  /** When the last re-read priced reached the line's data: see {@link #reach}. */
  private long reach;

  Rereads(MissPrices prices, HomeService home, BufferedStores buffered, CoreCaches cores) {
    this.prices = prices;
    this.home = home;
    this.buffered = buffered;
    this.cores = cores;
  }

  /**
   * A spinner's re-read of {@code line}, issued at {@code issueAt}, later than the simulation's
   * present: the spin loop's next pass after a write that left its word as it was. The re-read
   * is priced now, so that the spinner costs no event, but it must not delay exclusive
   * accesses issued before {@code issueAt}: in the machine those requests reach the line
   * first. A write waits for such re-reads only when it is issued after the latest of them.
   */
  public long reread(int cpu, CacheLine line, long issueAt, long instrPs) {
    buffered.readAsItIs(cpu);
    CacheLine p = line.home;
    reach = issueAt;
    if (p.owner == cpu || p.isSharer(cpu)) {
      return issueAt + instrPs;
    }
    long fromCore = cores.copyReady(cpu, p, issueAt, true);
    if (fromCore >= 0) {
      // The core's cache has it (CoreCaches): the sibling's copy, once it has come.
      shareByReread(cpu, p, issueAt);
      return fromCore + instrPs;
    }
    long base = prices.readPs(cpu, p);
    long transfer = base + prices.detourPs(cpu, p, false);
    long start = home.start(issueAt, Math.max(Math.max(issueAt, p.busyUntil),
        Math.max(p.homeFree, p.rereadHomeFree)), Long.MIN_VALUE);
    p.rereadHomeFree = start + home.readBusyPs(p, transfer);
    long arrived = start + transfer;
    if (base > 0) {
      p.rereadsDone = Math.max(p.rereadsDone, arrived);
      p.rereadsIssued = Math.max(p.rereadsIssued, issueAt);
      p.transfers++;
      transfers++;
    }
    // Answered by an owner, which keeps the line until the first request reaches it.
    long r = OwnerReach.demote(p, issueAt, Math.max(issueAt, start + transfer / 2));
    reach = r >= 0 ? r : issueAt;
    p.joinSharers(cpu);
    return arrived + instrPs;
  }

  /**
   * When the last re-read {@link #reread} priced takes its words: when its request reaches the
   * owner that answers it (half-way through the transfer), else its issue. A write visible by
   * then, the owner's among them, is in the words it brings back.
   */
  public long reach() {
    return reach;
  }

  /**
   * A spinner's re-read of {@code line} already priced (by {@link #reread}), whose words are
   * taken at {@code reachAt} ({@link #reach}), which a write made visible by then joins: the
   * re-read brings that write's words too, so it costs no transfer of its own, but the line is
   * shared again, as the re-read leaves it (a writer that owns it keeps it until
   * {@code reachAt}).
   */
  public void rejoin(int cpu, CacheLine line, long reachAt) {
    CacheLine p = line.home;
    if (p.owner != cpu && !p.isSharer(cpu)) {
      shareByReread(cpu, p, reachAt);
    }
  }

  /**
   * The state a re-read that reaches the line at {@code reachAt} leaves: {@code cpu} shares
   * {@code p}, and its owner, if any, is demoted, keeping it for writes it issues before then.
   */
  private static void shareByReread(int cpu, CacheLine p, long reachAt) {
    if (p.owner >= 0) {
      OwnerReach.demote(p, reachAt, reachAt);
    }
    p.joinSharers(cpu);
  }

  /** Transfers the re-reads made so far. */
  long transfers() {
    return transfers;
  }
}
