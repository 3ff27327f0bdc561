package org.locksim.machine;

/**
 * Read misses on their way to the CPU that owns their line. A read of a line another cache
 * owns is answered by that cache, and takes the line from it only when the forwarded request
 * reaches it, half-way through the transfer (the point {@link KeptCopies} and
 * {@link BufferedStores} use too); until then the line is still the owner's, so a write or
 * atomic it issues meanwhile is a hit, ordered before the read, and the read brings the words
 * that write leaves (Sorin, Hill and Wood, <i>A Primer on Memory Consistency and Cache
 * Coherence</i>, 2nd ed. 2020, ch. 8: a forwarded request is ordered at the owner when it
 * arrives there). This is the race a lock's releaser runs when it comes back at once: its
 * next atomic beats the waiters' re-reads of the line it has just written.
 *
 * <p>The line's state records the demoted owner and until when it keeps the line
 * ({@link CacheLine#demotedButKept}); this class remembers, per reading CPU, the line its read
 * takes from an owner and when the request gets there, so that a write the owner makes first
 * reaches the reader's value ({@link LineListener#ownerWroteFirst}). Part of {@link Coherence}.
 */
final class OwnerReach {
  /** Per CPU: the line its last read took from an owner, or null; and when it got there. */
  private final CacheLine[] line;
  private final long[] at;
  private final LineListener listener;
  /** The CPUs whose reads may still be on their way, so a write need not look at every CPU. */
  private final int[] inFlight;
  private final boolean[] listed;
  private int count;

  OwnerReach(int cpus, LineListener listener) {
    this.line = new CacheLine[cpus];
    this.at = new long[cpus];
    this.listener = listener;
    this.inFlight = new int[cpus];
    this.listed = new boolean[cpus];
  }

  /**
   * {@code cpu}'s read of {@code p}, issued at {@code now}, whose request would reach an owner
   * at {@code reachAt}: {@code cpu} joins the sharers, and an owner keeps the line until the
   * first such request reaches it.
   */
  void read(int cpu, CacheLine p, long now, long reachAt) {
    long r = demote(p, now, reachAt);
    p.joinSharers(cpu);
    if (r < 0) {
      line[cpu] = null;
      return;
    }
    line[cpu] = p;
    at[cpu] = r;
    if (!listed[cpu]) {
      listed[cpu] = true;
      inFlight[count++] = cpu;
    }
  }

  /**
   * The one rule for every read miss, plain or a spinner's re-read priced ahead
   * ({@link Rereads}): a read issued at {@code now} whose request would reach an owner at
   * {@code ownReach}. An owner keeps {@code p} until the first such request gets there; a read
   * behind one that has not got there yet, or ahead of a re-read priced for later, takes its
   * words when the first of them gets there. Returns that time, or -1 when no owner answers
   * the read (a stale demotion is then forgotten).
   */
  static long demote(CacheLine p, long now, long ownReach) {
    if (p.owner >= 0) {
      p.demoted = p.owner;
      p.demotedBefore = ownReach;
      return ownReach;
    }
    if (p.demoted >= 0 && now < p.demotedBefore) {
      p.demotedBefore = Math.min(p.demotedBefore, ownReach);
      return p.demotedBefore;
    }
    p.demoted = -1;
    return -1;
  }

  /**
   * When {@code cpu}'s last read of {@code p} reaches the owner that answers it, or -1 if that
   * read was not taken from an owner.
   */
  long reachOf(int cpu, CacheLine p) {
    return line[cpu] == p ? at[cpu] : -1;
  }

  /**
   * {@code owner} wrote {@code p}, issued at {@code now} and seen at {@code visible}, before the
   * requests that are taking the line from it got there: the readers whose requests are still
   * on their way read its words. Reads that have got there by {@code now} are forgotten.
   */
  void ownerWrote(int owner, CacheLine p, long now, long visible) {
    int kept = 0;
    for (int i = 0; i < count; i++) {
      int c = inFlight[i];
      if (line[c] == null || at[c] <= now) {
        // Arrived: no later write can reach it.
        listed[c] = false;
        continue;
      }
      inFlight[kept++] = c;
      if (line[c] == p && at[c] >= visible && c != owner) {
        listener.ownerWroteFirst(c, p);
      }
    }
    count = kept;
  }
}
