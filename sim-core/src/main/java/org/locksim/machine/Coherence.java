package org.locksim.machine;

/**
 * Prices accesses to cache lines and keeps their coherence state: a MESI-like owner or sharers
 * model in which every request that misses queues at the line's home.
 *
 * <ul>
 *   <li>A read by a CPU holding a copy costs the instruction. A read miss queues at the home:
 *       it starts when no exclusive access holds the line and the home has finished the
 *       requests before it, and its copy arrives one transfer from the nearest holder later;
 *       the owner, if any, becomes a sharer when the request reaches it, half-way through the
 *       transfer, and what it writes until then the read brings ({@link OwnerReach}). The
 *       home is busy with it for its occupancy
 *       ({@link HomeRules#occupancyPs()}) when it serves the read from its own copy, and for
 *       the whole transfer when another cache must answer: the owner of a line just written,
 *       or any holder where shared lines live only in the cores' caches
 *       ({@link org.locksim.cpu.SharedReads}). So N waiters that re-read a line just written
 *       get their copies one occupancy or one transfer apart, which is why a ticket lock's
 *       hand-off grows with every waiter while a queue lock's does not (Anderson 1990;
 *       Mellor-Crummey and Scott 1991; Boyd-Wickizer, Kaashoek, Morris and Zeldovich,
 *       "Non-scalable locks are dangerous", Linux Symposium 2012).
 *   <li>A write or read-modify-write needs the line exclusively: it queues at the home too, and
 *       waits for reads in flight and for earlier exclusive accesses; the data comes from the
 *       nearest holder and every other copy is invalidated, so it completes when the farthest
 *       holder has answered (or, under a broadcast protocol, the farthest CPU). An atomic keeps
 *       the line busy until it completes; a plain store is posted (the CPU goes on at once, the
 *       line is busy for the transfer).
 *   <li>On a front-side bus ({@link HomeRules#oneBus()}) every miss of every line also books
 *       one occupancy of the bus ({@link BusSlots}), so misses of different lines wait for
 *       one another; elsewhere each line's home is its own.
 *   <li>A home off the way lengthens a miss ({@link HomeDetour}): a request that leaves its
 *       socket goes to the line's home first, which sends it on to the holder, so a home in a
 *       third socket adds a crossing; where every miss goes home first
 *       ({@link org.locksim.cpu.MissRoute#HOME}), a remote home adds two even inside a socket.
 *   <li>On x86 a CPU's stores become visible in program order, so a store can wait in its
 *       store buffer behind an earlier store that misses. Such a store does not hold its
 *       line: another CPU's read or atomic takes the line from under it and sees the words as
 *       they were, and the storing CPU takes the line back to commit ({@link BufferedStores}).
 *   <li>Requests issued together are served in the order of their way there, not in the
 *       order their CPUs started waiting ({@link LineWatchers}): the writer's socket first
 *       where its last-level cache answers for its CPUs, else the home's socket, in ring order
 *       from the line's slice (a hash of its address over the CPUs), then the other sockets by
 *       distance, those equally far interleaved.
 * </ul>
 *
 * <p>Each method returns the time the issuing CPU may go on. Watchers of a written line are
 * told when the write becomes visible.
 */
public final class Coherence {
  /** What a miss costs: the transfer, under the protocol, by the way through the home. */
  private final MissPrices prices;
  /** How the lines' homes serve misses: occupancy, blocking forwards, the bus. */
  private final HomeService home;
  private final LineWatchers watchers;
  private long transfers;
  /** Per CPU: the line its last access, an atomic, left in its cache, until the line leaves. */
  private final KeptCopies kept;
  /**
   * Whether every store of a CPU becomes visible in program order (x86's processor ordering,
   * x86-TSO: Intel SDM vol. 3A, 8.2.2, "stores are not reordered with other stores"), rather
   * than only release stores (arm64: Arm ARM B2.3, store-release ordering).
   */
  private boolean storesInOrder;
  /** Per CPU: when every store it has issued so far is visible (its store buffer drains). */
  private final long[] storesVisible;
  /** Stores held in store buffers behind earlier stores, and the reads from under them. */
  private final BufferedStores buffered;
  /** Whether the last write was held behind its CPU's earlier stores ({@link BufferedStores}). */
  private boolean lastWriteHeld;
  /** When an access takes a line from under another CPU's buffered stores. */
  private final FromUnder under;
  /** Per CPU: the line its last prefetch asked for, and when the data comes. */
  private final PendingFills fills;
  /** Reads for ownership queued at a line's home. */
  private final Ownership ownership;
  private final Prefetches prefetches;
  /** Spinners' re-reads, priced ahead of their issue. */
  private final Rereads rereads;
  /** Which CPUs share a core's caches: a sibling's copy serves a thread without the home. */
  private final CoreCaches cores;
  /** Reads on their way to the owner that answers them ({@link OwnerReach}). */
  private final OwnerReach reach;
  private final RequestWays ways;

  Coherence(long[][] transferPs, LineListener listener) {
    this(transferPs, HomeRules.NONE, new int[transferPs.length], listener);
  }

  /** @param socket each CPU's socket: a broadcast leaves the socket only when a holder is outside it */
  Coherence(long[][] transferPs, HomeRules rules, int[] socket, LineListener listener) {
    this.prices = new MissPrices(transferPs, rules, socket);
    this.home = new HomeService(rules);
    this.watchers = LineWatchers.of(transferPs, rules, socket, listener);
    int cpus = transferPs.length;
    this.kept = new KeptCopies(cpus);
    this.storesVisible = new long[cpus];
    this.buffered = new BufferedStores(prices, cpus);
    this.under = new FromUnder(prices, buffered, storesVisible);
    this.fills = new PendingFills(cpus);
    this.cores = new CoreCaches(cpus, prices, kept);
    this.ownership = new Ownership(prices, home, kept);
    this.prefetches = new Prefetches(this, ownership, cores, under, kept, fills, watchers);
    this.rereads = new Rereads(prices, home, buffered, cores);
    this.reach = new OwnerReach(cpus, listener);
    this.ways = new RequestWays(prices, home, kept);
  }

  /** The CPUs' cores, whose threads share their caches ({@link CoreCaches}); else one each. */
  void cores(int[] core) {
    cores.cores(core);
  }

  /** Makes every store of a CPU visible in program order (an x86 machine); off by default. */
  void storesInOrder(boolean inOrder) {
    this.storesInOrder = inOrder;
  }

  /** When every store {@code cpu} has issued so far is visible to other CPUs (its store buffer
   * has drained), as far as its stores have reached their lines. */
  public long storesVisibleAt(int cpu) {
    return storesVisible[cpu];
  }

  /** Whether {@code cpu}'s load of {@code line} at {@code now} hits the copy its last atomic
   * left ({@link KeptCopies}): it costs the instruction and reads {@link #keptWord}. */
  public boolean keeps(int cpu, CacheLine line, long now) {
    return kept.keeps(cpu, line, now);
  }

  /** Word {@code w} as {@code cpu}'s last atomic left it; valid when {@link #keeps} holds. */
  public long keptWord(int cpu, int w) {
    return kept.word(cpu, w);
  }

  /** Forgets {@code cpu}'s kept copy: the access after the atomic has been made. */
  public void forget(int cpu) {
    kept.forget(cpu);
  }

  /** Where each request is ordered against the others for its line, and the way there. */
  public RequestWays ways() {
    return ways;
  }

  /** A load of {@code line} by {@code cpu} issued at {@code now}, costing {@code instrPs}. */
  public long read(int cpu, CacheLine line, long now, long instrPs) {
    forget(cpu);
    buffered.readAsItIs(cpu);
    CacheLine p = line.home;
    if (p.owner == cpu || p.isSharer(cpu)) {
      return fills.ready(cpu, p, now) + instrPs;
    }
    long fromCore = cores.read(cpu, p, now);
    if (fromCore >= 0) {
      return fromCore + instrPs;
    }
    long base = prices.readPs(cpu, p);
    long transfer = base + prices.detourPs(cpu, p, false);
    long from = under.start(cpu, p, now, transfer);
    boolean underBuffer = from >= 0;
    long start = home.start(now,
        underBuffer ? from : Math.max(Math.max(now, p.busyUntil), p.homeFreeAt(now)), now);
    p.homeFree = start + home.readBusyPs(p, transfer);
    long arrived = start + transfer;
    if (base > 0) {
      p.readsDone = Math.max(p.readsDone, arrived);
      p.transfers++;
      transfers++;
    }
    if (underBuffer) {
      p.demoted = -1;
      // Taken from under stores its owner's store buffer still holds, which takes it back.
      transfers++;
      int writer = p.bufferedBy;
      long visible = buffered.readFromUnder(cpu, p, start, arrived);
      storesVisible[writer] = Math.max(storesVisible[writer], visible);
    } else {
      reach.read(cpu, p, now, start + transfer / 2);
    }
    return arrived + instrPs;
  }

  /** When {@code cpu}'s last read of {@code line} takes its words: when its request reaches
   * the owner that answers it ({@link OwnerReach}), or -1 (no owner: at its issue). */
  public long readReach(int cpu, CacheLine line) {
    return reach.reachOf(cpu, line.home);
  }

  /**
   * A write or atomic read-modify-write of {@code line} by {@code cpu} issued at {@code now}.
   *
   * @param posted a plain store: the CPU does not wait for the line
   * @return when the CPU may go on
   */
  public long write(int cpu, CacheLine line, long now, long instrPs, boolean posted) {
    return write(cpu, line, now, instrPs, posted, false);
  }

  /**
   * {@link #write(int, CacheLine, long, long, boolean)}, for a store with release order when
   * {@code release} (arm64's {@code stlr}; on x86 every store is one). The CPU's stores become
   * visible in program order where {@link #storesInOrder} (x86-TSO) and for release stores
   * everywhere: such a store is seen no earlier than the CPU's stores before it, however early
   * its own line arrives. An atomic first drains the CPU's store buffer (x86's locked
   * instructions, and the fully ordered atomics Linux builds on arm64).
   */
  public long write(int cpu, CacheLine line, long now, long instrPs, boolean posted, boolean release) {
    long issued = now;
    boolean ordered = !posted || release || storesInOrder;
    if (!posted) {
      now = Math.max(now, storesVisible[cpu]);
      long from = under.atomicStart(cpu, line.home, now);
      if (from >= 0) {
        return takeFromUnder(cpu, line, now, from, instrPs, false);
      }
    } else {
      long from = under.storeStart(cpu, line.home, now);
      if (from >= 0) {
        return takeFromUnder(cpu, line, now, from, instrPs, true);
      }
    }
    CacheLine p = line.home;
    long visible;
    long done;
    // The reads that took this CPU's line have not reached it yet (OwnerReach): the line is
    // still its own, its write a hit, and the readers get the words it leaves, if the write is
    // seen before they get there (not held behind the CPU's earlier stores, nor behind
    // another CPU's buffered stores to the line).
    boolean keptFromReaders = p.demotedButKept(cpu, now)
        && Math.max(Math.max((posted ? now : Math.max(now, p.busyUntil)) + instrPs, p.busyUntil),
            ordered ? storesVisible[cpu] : 0) <= p.demotedBefore
        && (p.bufferedBy < 0 || p.bufferedBy == cpu || now >= p.bufferedUntil);
    if (!keptFromReaders) {
      p.demoted = -1;
    }
    if (p.owner == cpu || keptFromReaders) {
      // A posted store of this CPU may still be waiting for the line: the new value is seen
      // when the line arrives, and an atomic (which drains the store buffer) completes after.
      long start = posted ? now : Math.max(now, p.busyUntil);
      done = start + instrPs;
      visible = Math.max(done, p.busyUntil);
      if (!posted) {
        // An atomic holds the line until it completes, even in the cache that owns it.
        p.busyUntil = Math.max(p.busyUntil, done);
      }
    } else {
      long arrived = cores.coreOnly(cpu, p) ? cores.take(cpu, p, now) : ownership.take(cpu, p, now);
      if (posted) {
        done = now + instrPs;
        visible = arrived;
        p.busyUntil = arrived;
      } else {
        done = arrived + instrPs;
        visible = done;
        p.busyUntil = done;
      }
    }
    lastWriteHeld = false;
    if (ordered && visible < storesVisible[cpu]) {
      // Committed behind the store buffer's earlier stores: exclusive accesses of the line
      // wait for it; a read takes the line from under it ({@link BufferedStores}).
      if (posted) {
        buffered.hold(cpu, p, now, visible, storesVisible[cpu]);
        lastWriteHeld = true;
      }
      visible = storesVisible[cpu];
      p.busyUntil = Math.max(p.busyUntil, visible);
    }
    storesVisible[cpu] = Math.max(storesVisible[cpu], visible);
    if (posted) {
      forget(cpu);
    } else {
      kept.keep(cpu, line);
    }
    if (keptFromReaders) {
      reach.ownerWrote(cpu, p, issued, visible);
    }
    watchers.written(p, cpu, visible);
    return done;
  }

  /** A prefetch for writing ({@code prefetchw}) of {@code line} by {@code cpu} at {@code now} ({@link Prefetches}). */
  public void prefetchForWrite(int cpu, CacheLine line, long now) {
    prefetches.forWrite(cpu, line, now);
  }

  /** A prefetch for reading ({@code prefetcht0}) of {@code line} by {@code cpu} at {@code now} ({@link Prefetches}). */
  public void prefetchRead(int cpu, CacheLine line, long now) {
    prefetches.forRead(cpu, line, now);
  }

  /** Whether {@code cpu}'s atomic at {@code now} takes {@code line} from under another CPU's
   * buffered stores ({@link BufferedStores}): it then works on the words as they were. */
  public boolean atomicFromUnder(int cpu, CacheLine line, long now) {
    return under.atomicStart(cpu, line.home, Math.max(now, storesVisible[cpu])) >= 0;
  }

  /**
   * Whether a plain store of {@code cpu} issued at {@code now} takes {@code line} from under
   * another CPU's buffered stores ({@link BufferedStores}): its read for ownership gets the line
   * as an atomic's would, and the buffered stores, committed after it, write their bits over
   * its value. A store that would itself wait behind its CPU's earlier stores does not (one
   * window per line): it waits for the window's end instead.
   */
  public boolean storeFromUnder(int cpu, CacheLine line, long now) {
    return under.storeStart(cpu, line.home, now) >= 0;
  }

  /**
   * An atomic or a plain store of {@code cpu} that takes {@code line} from under another CPU's
   * buffered stores, its line free at {@code from}: it is done when the line arrives (a plain
   * store's CPU goes on at once), and the storing CPU takes the line back to commit its stores
   * after it.
   */
  private long takeFromUnder(int cpu, CacheLine line, long now, long from, long instrPs,
      boolean posted) {
    CacheLine p = line.home;
    long transfer = under.exclusivePs(cpu, p);
    long start = home.start(now, from, now);
    p.homeFree = start + home.occupancyPs();
    long done = start + transfer + (posted ? 0 : instrPs);
    int writer = p.bufferedBy;
    kept.leaves(writer, p, start + transfer / 2);
    long back = buffered.exclusiveFromUnder(cpu, p, start, done);
    // The access's own transfer; the retake counts its own in BufferedStores, as for reads.
    p.transfers++;
    transfers += 2;
    storesVisible[writer] = Math.max(storesVisible[writer], p.bufferedUntil);
    storesVisible[cpu] = Math.max(storesVisible[cpu], done);
    lastWriteHeld = false;
    if (posted) {
      forget(cpu);
    } else {
      kept.keepBeforeWindow(cpu, line);
      kept.leaves(cpu, p, (done + back) / 2);
    }
    watchers.written(p, cpu, done);
    return posted ? now + instrPs : done;
  }

  /** Whether the last write was held behind its CPU's earlier stores: readers that take its
   * line from under it see its words as they were ({@link CacheLine#keepOld}). */
  public boolean lastWriteHeld() {
    return lastWriteHeld;
  }

  /**
   * Word {@code w} of {@code line} as {@code cpu}'s last read saw it: as it was before the
   * stores a buffer held when the read took the line from under them, else as it is.
   */
  public long wordSeen(int cpu, CacheLine line, int w) {
    return under.wordSeen(cpu, line, w);
  }

  /** Word {@code w} of {@code line} as a read by {@code cpu} issued at {@code now} would see it. */
  public long wordIfRead(int cpu, CacheLine line, int w, long now) {
    return under.wordIfRead(cpu, line, w, now);
  }

  /**
   * When the stores {@code cpu}'s last read of {@code line} was taken from under become
   * visible, or -1 if that read saw the line as it is: a spinner that read the words as they
   * were must look again then, since the write's watchers were told before it watched.
   */
  public long windowSeenBy(int cpu, CacheLine line) {
    return under.windowSeenBy(cpu, line);
  }

  /** Registers {@code cpu} to be told when {@code line} is next written (it has just read it). */
  public void watch(int cpu, CacheLine line, long token) {
    line.home.addWatcher(cpu, token);
  }

  /** Spinners' re-reads: priced ahead of their issue, so that a spinner costs no event. */
  public Rereads rereads() {
    return rereads;
  }

  /** Transfers between CPUs of all lines so far. */
  public long transfers() {
    return transfers + ownership.transfers() + rereads.transfers();
  }
}
