package org.locksim.machine;

import java.util.Arrays;

/**
 * One cache line holding a few words of shared data (a lock word, the owner field beside it, a
 * wait-queue spin lock). The coherence state is an exclusive owner or a set of sharers; the
 * line also remembers until when it is busy with a transfer, and which CPUs wait for it to be
 * written (event-driven spinning: a spinner with a shared copy costs nothing until then).
 *
 * <p>Several objects that share one line (two locks declared side by side in a structure, as
 * OpenBSD's {@code uvm.pageqlock} and {@code uvm.fpageqlock}) are each a line of their own
 * words on one {@link #home()} line, which holds the coherence state: an access to any of them
 * moves the one line, and a write to any wakes the spinners watching all of them (false
 * sharing).
 */
public final class CacheLine {
  private final int id;
  private final String name;
  /** The line whose coherence state this one's words share: itself, unless made on another. */
  final CacheLine home;
  final long[] words;
  int owner = -1;
  final long[] sharers;
  int sharerCount;
  long busyUntil;
  long readsDone;
  /** Re-reads priced ahead of their issue time (see {@link Rereads#reread}). */
  long rereadsDone;
  long rereadsIssued;
  /**
   * The owner a re-read priced ahead of its issue made a sharer, and that re-read's issue time:
   * until then the line is still the owner's, and a store it makes meanwhile is a hit.
   */
  int demoted = -1;
  long demotedBefore;
  /**
   * A window of stores held in a CPU's store buffer ({@link BufferedStores}): the CPU, when the
   * line was free for them, when they are visible, and the window's number.
   */
  int bufferedBy = -1;
  long bufferedFrom;
  long bufferedUntil;
  long bufferedGen;
  /**
   * When a CPU took the line from under the window, the storing CPU asks for it back: when it
   * asked (MAX_VALUE while it holds the line) and when it has the line back.
   */
  long bufferedAsked = Long.MAX_VALUE;
  long bufferedBack;
  /**
   * Per word of this line: its value before the window numbered in {@link #oldGen}, and the
   * bits the window's stores write.
   */
  private long[] oldValue;
  private long[] oldGen;
  private long[] oldMask;
  /** When the line's home can start its next request (requests queue there, one per occupancy). */
  long homeFree;
  /** The same for re-reads priced ahead of their issue time. */
  long rereadHomeFree;
  /**
   * Where the home sits among the CPUs (its LLC slice or agent, by a hash of the line's address):
   * requests issued together reach it in the order of their way there ({@link ArrivalOrder}).
   */
  final int homeSlot;
  int[] watchCpu = new int[4];
  long[] watchToken = new long[4];
  int watchCount;
  int[] spareCpu = new int[4];
  long[] spareToken = new long[4];
  long transfers;

  CacheLine(int id, String name, int words, int cpus) {
    this(id, name, words, cpus, null);
  }

  /** A line of {@code words} words on {@code home}'s line, or on a line of its own when null. */
  CacheLine(int id, String name, int words, int cpus, CacheLine home) {
    this(id, name, words, cpus, home, hashedSlot(id, cpus));
  }

  /** The same, with its home at {@code homeSlot} among the CPUs. */
  CacheLine(int id, String name, int words, int cpus, CacheLine home, int homeSlot) {
    this.id = id;
    this.name = name;
    this.home = home == null ? this : home.home;
    this.words = new long[words];
    this.sharers = home == null ? new long[(cpus + 63) >>> 6] : new long[0];
    this.homeSlot = homeSlot;
  }

  /** The home slot of line {@code id}: a hash of its address over the CPUs. */
  static int hashedSlot(int id, int cpus) {
    return Math.floorMod(Long.hashCode(id * 0x9E3779B97F4A7C15L), cpus);
  }

  /** The line that holds this one's coherence state: itself, or the line it was made on. */
  public CacheLine home() {
    return home;
  }

  /** The CPU slot of this line's home: its socket is where the line's memory is. */
  public int homeSlot() {
    return homeSlot;
  }

  public int id() {
    return id;
  }

  public String name() {
    return name;
  }

  /** {@code cpu} now holds a shared copy; an owner keeps one too. */
  /**
   * Whether this line, whose owner was {@code cpu} until re-reads priced ahead of their issue
   * took it, is still {@code cpu}'s at {@code now}: those re-reads have not been issued yet.
   */
  boolean demotedButKept(int cpu, long now) {
    return demoted == cpu && owner < 0 && now < demotedBefore;
  }

  void joinSharers(int cpu) {
    if (owner >= 0) {
      addSharer(owner);
      owner = -1;
    }
    addSharer(cpu);
  }

  /**
   * When the home can start a request issued at {@code now}: after the requests started before
   * it, and after the re-reads priced ahead only if they were all issued by {@code now}.
   */
  long homeFreeAt(long now) {
    return now >= rereadsIssued ? Math.max(homeFree, rereadHomeFree) : homeFree;
  }

  /** The current value of word {@code w}, without any cost: for invariant checks and tests. */
  public long peek(int w) {
    return words[w];
  }

  /** How many words the line holds. */
  public int wordCount() {
    return words.length;
  }

  /** Copies the words into {@code into}, without any cost: a read whose price is paid elsewhere. */
  public void copyWords(long[] into) {
    System.arraycopy(words, 0, into, 0, words.length);
  }

  /**
   * Keeps word {@code w}'s value before the latest store of its line's open window, {@code old},
   * for the CPUs that read the line from under the buffered stores, and the bits {@code mask}
   * that store writes; the window's earlier stores to this line's words are taken as seen.
   */
  public void keepOld(int w, long old, long mask) {
    if (oldValue == null) {
      oldValue = new long[words.length];
      oldGen = new long[words.length];
      oldMask = new long[words.length];
      java.util.Arrays.fill(oldGen, -1);
    }
    long gen = home.bufferedGen;
    for (int i = 0; i < words.length; i++) {
      if (oldGen[i] == gen) {
        oldGen[i] = -1;
      }
    }
    // A later store of an open window: the stores before it are taken as seen from now on,
    // so a CPU that reads the line from under the window sees them and not this one. (One
    // window per line keeps one snapshot; leaving it at the window's first store would show
    // a reader the words from before a store already visible: a lock's set_locked, say,
    // widened by its unlock, would read as free.) Those stores are then seen by such readers
    // up to their own visibility early, never out of order.
    oldGen[w] = gen;
    oldValue[w] = old;
    oldMask[w] = mask;
  }

  /** Word {@code w} as a CPU that read the line from under its open window sees it. */
  public long wordBeforeWindow(int w) {
    return inWindow(w) ? oldValue[w] : words[w];
  }

  /**
   * Word {@code w} is set to {@code value} by an atomic that took the line from under the open
   * window: that is the word the other CPUs now see, and the buffered stores, which become
   * visible after it, write their bits over it.
   */
  public void initUnderWindow(int w, long value) {
    if (!inWindow(w)) {
      words[w] = value;
      return;
    }
    words[w] = (value & ~oldMask[w]) | (words[w] & oldMask[w]);
    oldValue[w] = value;
  }

  private boolean inWindow(int w) {
    return oldValue != null && oldGen[w] == home.bufferedGen;
  }

  /** Sets a word without any cost: for initialisation only. */
  public void init(int w, long value) {
    words[w] = value;
  }

  /** Transfers of this line between CPUs so far (of its home line: one count for all on it). */
  public long transfers() {
    return home.transfers;
  }

  /** The CPU holding the line exclusively, or -1. */
  public int owner() {
    return home.owner;
  }

  /** Whether {@code cpu} holds a copy (exclusive or shared). */
  public boolean holds(int cpu) {
    return home.owner == cpu || home.isSharer(cpu);
  }

  boolean isSharer(int cpu) {
    return (sharers[cpu >>> 6] & (1L << cpu)) != 0;
  }

  void addSharer(int cpu) {
    long bit = 1L << cpu;
    if ((sharers[cpu >>> 6] & bit) == 0) {
      sharers[cpu >>> 6] |= bit;
      sharerCount++;
    }
  }

  void clearSharers() {
    if (sharerCount > 0) {
      for (int w = 0; w < sharers.length; w++) {
        sharers[w] = 0;
      }
      sharerCount = 0;
    }
  }

  void addWatcher(int cpu, long token) {
    if (watchCount == watchCpu.length) {
      watchCpu = Arrays.copyOf(watchCpu, watchCount * 2);
      watchToken = Arrays.copyOf(watchToken, watchCount * 2);
    }
    watchCpu[watchCount] = cpu;
    watchToken[watchCount] = token;
    watchCount++;
  }
}
