package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: a lock's release is a store, and what other CPUs see of it depends on the stores before
 * it. Under x86-TSO a CPU's stores become visible in program order, so an unlock issued while
 * an earlier store of the critical section still waits for its line (a counter another CPU
 * wrote last) is seen only when that line has arrived; on arm64 only a release store waits so.
 * Without this rule the next waiter sees the lock free one transfer too early.
 */
class StoreOrderTest {
  private static final long T = 40_000;
  private static final long INSTR = 1_000;
  private static final long[][] TWO = {{0, T}, {T, 0}};

  private final List<Long> told = new ArrayList<>();

  private Coherence coherence(boolean inOrder) {
    return coherence(TWO, inOrder);
  }

  private Coherence coherence(long[][] transfers, boolean inOrder) {
    Coherence c = new Coherence(transfers, HomeRules.NONE, new int[transfers.length],
        (cpu, token, at) -> told.add(at));
    c.storesInOrder(inOrder);
    return c;
  }

  /** Line {@code far} last written by CPU 1, line {@code near} owned by CPU 0 and watched by CPU 1. */
  private static CacheLine[] lines(Coherence c) {
    CacheLine far = new CacheLine(0, "counter", 1, 2);
    CacheLine near = new CacheLine(1, "lock", 1, 2);
    c.write(1, far, 0, INSTR, false);
    c.write(0, near, 0, INSTR, false);
    c.read(1, near, 10 * T, INSTR);
    c.write(0, near, 20 * T, INSTR, false);
    c.watch(1, near, 7);
    return new CacheLine[] {far, near};
  }

  @Test
  void onX86AStoreIsSeenOnlyAfterTheStoresBeforeIt() {
    Coherence c = coherence(true);
    CacheLine[] l = lines(c);
    long at = 30 * T;
    assertEquals(at + INSTR, c.write(0, l[0], at, INSTR, true), "the counter's store is posted");
    long unlock = c.write(0, l[1], at + INSTR, INSTR, true);
    assertEquals(at + 2 * INSTR, unlock, "the unlock is posted too");
    assertEquals(List.of(at + T), told, "the waiter sees the unlock when the counter's line has arrived");
    assertEquals(at + T + T + INSTR, c.read(1, l[1], at + 2 * INSTR, INSTR),
        "a read of the lock line waits for the unlock to be committed, then moves the line");
  }

  @Test
  void onArm64OnlyAReleaseStoreWaitsForEarlierStores() {
    long at = 30 * T;
    assertEquals(List.of(at + 2 * INSTR), toldOfAnUnlockOnArm64(at, false),
        "a plain store to an owned line is seen at once");
    assertEquals(List.of(at + T), toldOfAnUnlockOnArm64(at, true),
        "a store-release is seen after the stores before it");
  }

  /** When the waiter is told of an unlock issued at {@code at} just after a store that misses. */
  private List<Long> toldOfAnUnlockOnArm64(long at, boolean release) {
    told.clear();
    Coherence c = coherence(false);
    CacheLine[] l = lines(c);
    c.write(0, l[0], at, INSTR, true);
    c.write(0, l[1], at + INSTR, INSTR, true, release);
    return List.copyOf(told);
  }

  @Test
  void anAtomicDrainsTheStoreBufferFirst() {
    Coherence c = coherence(false);
    CacheLine[] l = lines(c);
    long at = 30 * T;
    c.write(0, l[0], at, INSTR, true);
    assertEquals(at + T + INSTR, c.write(0, l[1], at + INSTR, INSTR, false),
        "the atomic on an owned line starts when the earlier store is visible");
  }

  /*
   * Why: a store buffer does not hold the line of a store waiting in it. A waiter that reads the
   * lock while the unlock still waits behind the section's store that misses takes the line
   * from the holder's cache and reads the lock held (x86-TSO: the buffered write is invisible
   * to it); the holder takes the line back to commit the unlock, which is seen no earlier than
   * the counter's store, and no earlier than that retake. A waiter made to wait for the unlock
   * would read it free, which is what a queue head's look at the lock word must not see.
   */
  @Test
  void aReadTakesTheLineFromUnderABufferedUnlockAndSeesItHeld() {
    Coherence c = threeCpus(T);
    CacheLine[] l = heldLock(c);
    long at = 10 * T;
    assertEquals(at + 2 * INSTR + T + INSTR, c.read(1, l[1], at + 2 * INSTR, INSTR),
        "the read does not wait for the unlock");
    assertEquals(1, c.wordSeen(1, l[1], 0), "and sees the lock held");
    assertEquals(at + 3 * T, c.windowSeenBy(1, l[1]), "the unlock is seen after the counter's store");
    c.read(1, l[1], at + 3 * T, INSTR);
    assertEquals(0, c.wordSeen(1, l[1], 0), "a read after that sees it free");
  }

  @Test
  void theHolderTakesTheLineBackToCommitTheUnlock() {
    Coherence c = threeCpus(2 * T);
    CacheLine[] l = heldLock(c);
    long at = 10 * T;
    long arrived = at + 2 * INSTR + 2 * T;
    assertEquals(arrived + INSTR, c.read(1, l[1], at + 2 * INSTR, INSTR));
    assertEquals(arrived + 2 * T, c.windowSeenBy(1, l[1]),
        "the retake, one transfer back to the holder, comes after the counter's store");
  }

  @Test
  void anAtomicTakesTheLineFromUnderABufferedUnlockAndTheUnlockIsWrittenOverIt() {
    Coherence c = threeCpus(2 * T);
    CacheLine[] l = heldLock(c);
    long issue = 10 * T + 2 * INSTR;
    assertTrue(c.atomicFromUnder(1, l[1], issue), "the exchange does not wait for the unlock");
    assertEquals(1, l[1].wordBeforeWindow(0), "and sees the lock held");
    l[1].initUnderWindow(0, 1);
    long done = issue + 2 * T + INSTR;
    long moved = l[1].transfers();
    assertEquals(done, c.write(1, l[1], issue, INSTR, false));
    assertEquals(moved + 2, l[1].transfers(), "the exchange's transfer and the holder's retake");
    assertEquals(0, l[1].peek(0), "the unlock, committed after it, leaves the lock free");
    long back = done + 2 * T;
    assertEquals(back + 2 * T + INSTR, c.read(1, l[1], done, INSTR),
        "a read after the exchange waits for the holder to take the line back and commit");
    assertEquals(0, c.wordSeen(1, l[1], 0));
  }

  /*
   * Why: a plain store needs its line as an atomic does (a read for ownership), and the line is
   * not held by the stores buffered in another CPU's store buffer. So it takes the line from
   * under the held unlock at once, and the unlock, committed after it, writes its own bits over
   * it; a store made to wait for the window's end would come as late as the unlock, and so would
   * every store queued behind it in its own CPU's buffer.
   */
  @Test
  void aPlainStoreTakesTheLineFromUnderABufferedUnlockAndTheUnlockIsWrittenOverIt() {
    Coherence c = threeCpus(2 * T);
    CacheLine[] l = heldLock(c);
    long issue = 10 * T + 2 * INSTR;
    assertTrue(c.storeFromUnder(1, l[1], issue), "the store does not wait for the unlock");
    l[1].initUnderWindow(0, 5);
    long moved = l[1].transfers();
    assertEquals(issue + INSTR, c.write(1, l[1], issue, INSTR, true), "it is posted");
    assertEquals(moved + 2, l[1].transfers(), "the store's transfer and the holder's retake");
    assertEquals(0, l[1].peek(0), "the unlock, committed after it, has the last word");
    assertEquals(5, l[1].wordBeforeWindow(0), "until then readers see the store's value");
    long arrived = issue + 2 * T;
    assertEquals(arrived + 2 * T + 2 * T + INSTR, c.read(1, l[1], arrived, INSTR),
        "a read after it waits for the holder to take the line back and commit");
  }

  @Test
  void aPlainStoreThatWouldItselfWaitBehindItsOwnStoresWaitsForTheWindow() {
    Coherence c = threeCpus(2 * T);
    CacheLine[] l = heldLock(c);
    long issue = 10 * T + 2 * INSTR;
    // CPU 1 first stores to a line CPU 2 wrote last, 3 T away; the lock line, 2 T away, would
    // arrive first, so its store would be held behind that one in CPU 1's buffer: a second
    // window on the lock line, which the model does not keep, so the store waits instead.
    CacheLine other = new CacheLine(2, "other", 1, 3);
    c.write(2, other, 0, INSTR, false);
    c.write(1, other, issue - INSTR, INSTR, true);
    assertTrue(!c.storeFromUnder(1, l[1], issue), "held behind its own earlier store");
  }

  @Test
  void anAtomicIssuedAfterTheHolderAskedForTheLineBackWaitsForIt() {
    // CPUs 0 to 2 are T apart; CPU 3 wrote the counter last, 6 T away: the unlock is held to 16 T.
    long far = 6 * T;
    Coherence c = coherence(new long[][] {{0, T, T, far}, {T, 0, T, far}, {T, T, 0, far},
        {far, far, far, 0}}, true);
    CacheLine[] l = heldLock(c, 3, 4);
    long issue = 10 * T + 2 * INSTR;
    assertTrue(c.atomicFromUnder(1, l[1], issue));
    l[1].initUnderWindow(0, 1);
    long done = issue + T + INSTR;
    assertEquals(done, c.write(1, l[1], issue, INSTR, false));
    long back = done + T;
    long late = issue + T;
    assertTrue(c.atomicFromUnder(2, l[1], late), "the unlock is still held behind the counter");
    assertEquals(1, l[1].wordBeforeWindow(0));
    assertEquals(back + T + INSTR, c.write(2, l[1], late, INSTR, false),
        "but the holder asked for the line back first, so the second exchange starts once it has");
  }

  @Test
  void aBufferedFieldStoreWritesOnlyItsBitsOverAnAtomicsResult() {
    CacheLine lock = new CacheLine(0, "qspinlock", 1, 2);
    lock.bufferedGen = 1;
    lock.init(0, 0x100);
    lock.keepOld(0, 0x101, 0xFF);
    assertEquals(0x101, lock.wordBeforeWindow(0), "readers see the locked byte still set");
    lock.initUnderWindow(0, (0x101 & ~0xFF00) | 0x200);
    assertEquals(0x200, lock.peek(0),
        "the tail the exchange wrote stays; the locked byte is cleared");
    assertEquals(0x201, lock.wordBeforeWindow(0),
        "until the unlock commits, readers see the exchange's word");
  }

  /*
   * Why: a CPU's stores to a line may pile up behind one earlier store that misses (a lock's
   * set_locked, then its unlock, behind the section's counter). The model keeps one window of
   * buffered stores per line, and a reader from under it sees the words as they were; left at
   * the window's first store, a reader after set_locked would see the lock free while its
   * holder is in the critical section (found in V6's CNA run at 142 writers, seed 2: a queue
   * head took the lock its SMT sibling held).
   */
  @Test
  void aReadFromUnderAWidenedWindowSeesTheStoresBeforeTheLatest() {
    // CPU 1 is T from CPU 0; CPU 2 wrote the counter last, 3 T away; CPU 3 a second line, 6 T.
    Coherence c = coherence(new long[][] {{0, T, 3 * T, 6 * T}, {T, 0, 3 * T, 6 * T},
        {3 * T, 3 * T, 0, 6 * T}, {6 * T, 6 * T, 6 * T, 0}}, true);
    CacheLine counter = new CacheLine(0, "counter", 1, 4);
    CacheLine stats = new CacheLine(1, "stats", 1, 4);
    CacheLine lock = new CacheLine(2, "lock", 1, 4);
    c.write(2, counter, 0, INSTR, false);
    c.write(3, stats, 0, INSTR, false);
    c.write(0, lock, 0, INSTR, false);
    long at = 10 * T;
    c.write(0, counter, at, INSTR, true);
    heldStore(c, lock, 1, 0, 0xFF, at + INSTR, "set_locked waits behind the counter's store, until about 3 T");
    c.write(0, stats, at + 2 * INSTR, INSTR, true);
    heldStore(c, lock, 0, 1, 0xFF, at + 3 * INSTR, "the unlock waits behind the stats store, until about 6 T");
    c.read(1, lock, at + 4 * T, INSTR);
    assertEquals(1, c.wordSeen(1, lock, 0), "a reader from under at 4 T sees the lock held");
    long seen = c.windowSeenBy(1, lock);
    assertTrue(seen >= at + 6 * T, "the unlock is seen after the stats store");
    c.read(1, lock, seen, INSTR);
    assertEquals(0, c.wordSeen(1, lock, 0), "and free once the unlock is seen");
  }

  @Test
  void anAtomicUnderAWidenedWindowIsOverwrittenOnlyByTheLatestStoresBits() {
    CacheLine lock = new CacheLine(0, "qspinlock", 1, 2);
    lock.bufferedGen = 1;
    lock.init(0, 0x101);
    lock.keepOld(0, 0x100, 0xFF);
    lock.init(0, 0x100);
    lock.keepOld(0, 0x101, 0xFF);
    assertEquals(0x101, lock.wordBeforeWindow(0), "set_locked is seen, the unlock is not");
    lock.initUnderWindow(0, 0x201);
    assertEquals(0x200, lock.peek(0), "the unlock clears the locked byte of the exchange's word");
  }

  /** CPU 1 is {@code near} from CPU 0; CPU 2, which wrote the counter last, 3 T from both. */
  private Coherence threeCpus(long near) {
    return coherence(new long[][] {{0, near, 3 * T}, {near, 0, 3 * T}, {3 * T, 3 * T, 0}}, true);
  }

  /** CPU 0 holds the lock and, at 10 T, stores to the counter and unlocks (the value 0). */
  private static CacheLine[] heldLock(Coherence c) {
    return heldLock(c, 2, 3);
  }

  /** The same, with {@code counterCpu} the last writer of the counter, on {@code cpus} CPUs. */
  private static CacheLine[] heldLock(Coherence c, int counterCpu, int cpus) {
    CacheLine far = new CacheLine(0, "counter", 1, cpus);
    CacheLine lock = new CacheLine(1, "lock", 1, cpus);
    c.write(counterCpu, far, 0, INSTR, false);
    lock.init(0, 1);
    c.write(0, lock, 0, INSTR, false);
    long at = 10 * T;
    c.write(0, far, at, INSTR, true);
    heldStore(c, lock, 0, 1, -1L, at + INSTR, "the unlock waits behind the counter's store");
    return new CacheLine[] {far, lock};
  }

  /**
   * CPU 0 stores {@code value} to word 0 of {@code lock} at {@code at}, which must be held
   * behind its earlier stores ({@code why}); readers from under the window see the bits of
   * {@code old} that {@code mask} covers.
   */
  private static void heldStore(Coherence c, CacheLine lock, long value, long old, long mask, long at, String why) {
    lock.init(0, value);
    c.write(0, lock, at, INSTR, true);
    assertTrue(c.lastWriteHeld(), why);
    lock.keepOld(0, old, mask);
  }
}
