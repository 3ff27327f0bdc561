package org.locksim.machine;

/**
 * Stores that wait in a CPU's store buffer behind its earlier stores (x86-TSO: a store becomes
 * visible only after the stores issued before it), and what other CPUs read meanwhile.
 *
 * <p>A store buffer does not hold the line of a store waiting in it: another CPU's read takes
 * the line from under it and reads the word as it was, and the storing CPU takes the line back
 * (an upgrade that invalidates the reader's copy) to commit the store when its turn comes, so
 * the store is seen no earlier than that (Sewell, Sarkar, Owens, Zappa Nardelli and Myreen,
 * "x86-TSO", CACM 53(7), 2010: a buffered write is invisible to other processors until it
 * drains; Intel SDM vol. 3A, 8.2.3.5, loads of other processors do not see it before). So a
 * lock's release queued behind a critical section's store that misses still reads as held to
 * a waiter that looks meanwhile, where the model used to make the waiter wait and read it free.
 *
 * <p>An atomic of another CPU takes the line from under the stores the same way: it works on
 * the words as they were and completes, and the stores, committed when the line is back,
 * write their bits over its result ({@link CacheLine#initUnderWindow}). So a test-and-set or
 * a queued lock's tail exchange does not wait for a release held in the holder's buffer, and
 * pushes the release later by the line's round trip.
 *
 * <p>A plain store of another CPU takes the line the same way (its read for ownership does not
 * wait for stores the line's owner has not committed), and the buffered stores, committed
 * after it, write their bits over its value.
 *
 * <p>Per line one window at a time: the CPU whose stores to it are buffered, when the line
 * itself was free for them, and when they become visible. So a plain store of another CPU
 * that would itself wait behind its own CPU's earlier stores waits for the window's end
 * instead (its value takes effect after the buffered store's); re-reads priced ahead also wait.
 */
final class BufferedStores {
  private final MissPrices prices;
  /** Per CPU: whether its last read took its line from under another CPU's buffered stores,
   * which line, and that window's number. */
  private final boolean[] readEarly;
  private final CacheLine[] earlyLine;
  private final long[] earlyGen;

  BufferedStores(MissPrices prices, int cpus) {
    this.prices = prices;
    this.readEarly = new boolean[cpus];
    this.earlyLine = new CacheLine[cpus];
    this.earlyGen = new long[cpus];
  }

  /** {@code cpu}'s read saw its line as it is. */
  void readAsItIs(int cpu) {
    readEarly[cpu] = false;
  }

  /** Whether {@code cpu}'s last read took {@code p} from under the window still open on it. */
  boolean sawOldWords(int cpu, CacheLine p) {
    return readEarly[cpu] && earlyLine[cpu] == p && earlyGen[cpu] == p.bufferedGen;
  }

  /**
   * {@code cpu}'s posted store to {@code p} is seen only at {@code visible}, after its earlier
   * stores, though the line was free for it at {@code lineFree}: opens or widens the window.
   */
  void hold(int cpu, CacheLine p, long now, long lineFree, long visible) {
    if (p.bufferedBy != cpu || now >= p.bufferedUntil) {
      p.bufferedGen++;
      p.bufferedBy = cpu;
      p.bufferedFrom = lineFree;
      p.bufferedAsked = Long.MAX_VALUE;
      p.bufferedBack = lineFree;
    }
    p.bufferedUntil = Math.max(p.bufferedUntil, visible);
  }

  /**
   * When a request the line's home would start at {@code from} can take {@code p} from under its
   * window: then, if the storing CPU has not yet asked for the line back from an earlier taker;
   * else once the line is back with it (the home serves the requests in the order they reach
   * it, so those that come after the storing CPU's wait for it).
   */
  static long takeStart(CacheLine p, long from) {
    return from >= p.bufferedAsked ? Math.max(from, p.bufferedBack) : from;
  }

  /** Whether a read of {@code p} by {@code cpu} issued at {@code now} falls in a window. */
  static boolean inWindow(CacheLine p, int cpu, long now) {
    return p.bufferedBy >= 0 && p.bufferedBy != cpu && now < p.bufferedUntil;
  }

  /**
   * A read of {@code p} by {@code cpu}, started at {@code start} and whose copy arrived at
   * {@code arrived}, took the line from under the buffered stores: the storing CPU takes it
   * back (an upgrade invalidating the reader's copy), and the stores are seen no earlier than
   * that.
   *
   * @return when the buffered stores are visible now
   */
  long readFromUnder(int cpu, CacheLine p, long start, long arrived) {
    readEarly[cpu] = true;
    earlyLine[cpu] = p;
    earlyGen[cpu] = p.bufferedGen;
    int writer = p.bufferedBy;
    p.owner = -1;
    p.addSharer(writer);
    p.addSharer(cpu);
    takeBack(writer, p, start, arrived);
    return p.bufferedUntil;
  }

  /**
   * An atomic or a plain store of {@code cpu}, started at {@code start} and done at
   * {@code done}, took {@code p} from under the buffered stores: the storing CPU takes the line
   * back from it (a transfer of the modified line), and the stores are seen no earlier than
   * that.
   *
   * @return when the line is back with the storing CPU
   */
  long exclusiveFromUnder(int cpu, CacheLine p, long start, long done) {
    readEarly[cpu] = false;
    p.clearSharers();
    p.owner = cpu;
    return takeBack(p.bufferedBy, p, start, done);
  }

  /**
   * The storing CPU takes {@code p} back from a CPU whose request started at {@code start} and
   * ended at {@code end}. It learns of the loss when the request reaches it, half-way, and asks
   * for the line back then; requests that reached the home before it are served first.
   */
  private long takeBack(int writer, CacheLine p, long start, long end) {
    long back = end + prices.exclusivePs(writer, p) + prices.detourPs(writer, p, true);
    if (p.bufferedAsked == Long.MAX_VALUE || start >= p.bufferedAsked) {
      p.bufferedAsked = start + (end - start) / 2;
      p.bufferedBack = back;
    } else {
      p.bufferedBack = Math.max(p.bufferedBack, back);
    }
    p.clearSharers();
    p.owner = writer;
    p.transfers++;
    p.bufferedUntil = Math.max(p.bufferedUntil, back);
    p.busyUntil = Math.max(p.busyUntil, p.bufferedUntil);
    return back;
  }
}
