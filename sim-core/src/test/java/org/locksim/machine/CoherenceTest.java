package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Why: the coherence model is what makes locks cost what they cost, and its rules are easy to
 * break quietly. A posted store lets its CPU go on at once, but the line is not there yet: an
 * atomic that CPU issues next (a lock's re-acquire right after its release) drains the store
 * buffer and so completes only after the line has arrived.
 */
class CoherenceTest {
  private static final long T = 40_000;
  private static final long INSTR = 1_000;

  private final long[][] transfer = {{0, T}, {T, 0}};
  private final Coherence coherence = new Coherence(transfer, (cpu, token, visibleAt) -> { });

  @Test
  void atomicAfterOwnPostedStoreWaitsForTheLine() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(0, l, 0, INSTR, false);
    coherence.read(1, l, 100_000, INSTR);
    // CPU 0 shares the line with CPU 1 now; its store needs the line back, exclusively.
    long storeDone = coherence.write(0, l, 200_000, INSTR, true);
    assertEquals(200_000 + INSTR, storeDone, "a posted store goes on at once");
    long casDone = coherence.write(0, l, storeDone, INSTR, false);
    assertEquals(200_000 + T + INSTR, casDone, "the atomic completes after the line arrived");
  }

  @Test
  void writeByTheOwnerOfAnIdleLineIsAHit() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(0, l, 0, INSTR, false);
    long at = 10 * T;
    assertEquals(at + INSTR, coherence.write(0, l, at, INSTR, false));
    assertEquals(at + INSTR, coherence.write(0, l, at, INSTR, true));
  }

  /*
   * Why: a CAS storm queues exclusive requests behind each other; the CPU whose CAS just
   * completed still reads the line as its CAS left it (FreeBSD's v = m->mtx_lock after a
   * failed obtain sees the winner), not as the requests queued behind it will leave it.
   */
  @Test
  void theLoadAfterAnAtomicReadsTheLineTheAtomicLeft() {
    long[][] three = {{0, T, T}, {T, 0, T}, {T, T, 0}};
    Coherence c = new Coherence(three, (cpu, token, visibleAt) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 3);
    l.init(0, 7);
    long done0 = c.write(0, l, 0, INSTR, false);
    l.init(0, 9);
    c.write(1, l, 0, INSTR, false);
    assertTrue(c.keeps(0, l, done0), "CPU 0's next load finds its copy");
    assertEquals(7, c.keptWord(0, 0), "as CPU 0's atomic left it");
    assertFalse(c.keeps(0, l, done0 + T), "once CPU 1's transfer is done the copy is gone");
  }

  @Test
  void anyOtherAccessEndsTheKeptCopy() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    CacheLine m = new CacheLine(1, "m", 1, 2);
    long done = coherence.write(0, l, 0, INSTR, false);
    coherence.read(0, m, done, INSTR);
    assertFalse(coherence.keeps(0, l, done));
    coherence.write(0, l, done, INSTR, true);
    assertFalse(coherence.keeps(0, l, done), "a posted store keeps nothing");
  }

  /*
   * Why: a spinner's re-read is priced ahead of its issue time, so that it costs no event; an
   * exclusive request issued before that time must not queue behind it, or every failed CAS
   * in a storm would wait for the spinners' re-reads of the one before.
   */
  @Test
  void aWriteIssuedBeforeARereadDoesNotWaitForIt() {
    long[][] three = {{0, T, T}, {T, 0, T}, {T, T, 0}};
    Coherence c = new Coherence(three, (cpu, token, visibleAt) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 3);
    c.write(0, l, 0, INSTR, false);
    c.rereads().reread(2, l, 5 * T, INSTR);
    long early = c.write(1, l, 2 * T, INSTR, false);
    assertEquals(2 * T + T + INSTR, early, "issued before the re-read: one transfer");
    CacheLine l2 = new CacheLine(1, "l2", 1, 3);
    c.write(0, l2, 0, INSTR, false);
    long rereadDone = c.rereads().reread(2, l2, T, INSTR);
    long late = c.write(1, l2, 2 * T, INSTR, false);
    assertEquals(rereadDone - INSTR + T + INSTR, late, "issued after it: waits for the read");
  }

  private static long[][] uniform(int cpus, long ps) {
    long[][] t = new long[cpus][cpus];
    for (int i = 0; i < cpus; i++) {
      for (int j = 0; j < cpus; j++) {
        t[i][j] = i == j ? 0 : ps;
      }
    }
    return t;
  }

  /*
   * Why: the rule that makes ticket locks slow down with every waiter. Read misses to one line
   * queue at its home. The first, of a line just written, is forwarded by the writer, and the
   * home blocks the line until that forward is done; the others are then served from the
   * home's copy, one occupancy apart: not all at once, and not one whole transfer apart.
   */
  @Test
  void concurrentReadMissesCompleteOneOccupancyApartAfterTheForward() {
    long occupancy = 5_000;
    Coherence c = new Coherence(uniform(9, T), HomeRules.pipelined(occupancy, false), new int[9],
        (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 9);
    long at = c.write(0, l, 0, INSTR, false);
    long[] done = new long[8];
    for (int cpu = 1; cpu <= 8; cpu++) {
      done[cpu - 1] = c.read(cpu, l, at, INSTR);
    }
    assertEquals(at + T + INSTR, done[0], "the forwarded read");
    for (int k = 1; k < 8; k++) {
      assertEquals(at + T + T + (k - 1) * occupancy + INSTR, done[k], "read " + k);
    }
  }

  /*
   * Why: on a machine whose shared lines live only in the cores' caches (a victim or
   * non-inclusive last-level cache), every read is forwarded to a holder while the home blocks
   * the line: N readers are served one transfer apart, as Boyd-Wickizer et al. measured.
   */
  @Test
  void forwardedSharedReadsCompleteOneTransferApart() {
    long occupancy = 5_000;
    Coherence c = new Coherence(uniform(9, T), new HomeRules(occupancy, false, true, true, false),
        new int[9], (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 9);
    long at = c.write(0, l, 0, INSTR, false);
    for (int cpu = 1; cpu <= 8; cpu++) {
      assertEquals(at + cpu * T + INSTR, c.read(cpu, l, at, INSTR), "read " + cpu);
    }
  }

  /*
   * Why: a write to a line that N CPUs share must collect every invalidation. Under a directory
   * or snoop filter the invalidations go to the sharers only, in parallel: the farthest sharer
   * answers last. Under a broadcast protocol every CPU is probed, unless every holder is in the
   * writer's socket, whose inclusive last-level cache then answers for it.
   */
  @Test
  void aWriteToASharedLineWaitsForTheFarthestSharerOrEveryCpuUnderBroadcast() {
    long near = 10_000;
    long far = 100_000;
    // CPUs 0-3 on one socket, 4-5 on the other.
    long[][] t = new long[6][6];
    int[] socket = {0, 0, 0, 0, 1, 1};
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 6; j++) {
        t[i][j] = i == j ? 0 : socket[i] == socket[j] ? near : far;
      }
    }
    for (boolean broadcast : new boolean[] {false, true}) {
      // CPU 3 writes a line that CPUs 0, 1 and 2 share, all on its socket.
      Coherence c = new Coherence(t, HomeRules.pipelined(0, broadcast), socket, (cpu, tok, at) -> { });
      CacheLine l = new CacheLine(0, "l", 1, 6);
      long at = c.write(0, l, 0, INSTR, false);
      at = c.read(1, l, at, INSTR);
      at = c.read(2, l, at, INSTR);
      long done = c.write(3, l, at + T, INSTR, false);
      assertEquals(at + T + near + INSTR, done, "local sharers, broadcast=" + broadcast);
      // CPU 3 writes a line that CPUs 1 (its socket) and 4 (the other) share.
      CacheLine m = new CacheLine(1, "m", 1, 6);
      at = c.write(1, m, done, INSTR, false);
      at = c.read(4, m, at, INSTR);
      done = c.write(3, m, at + T, INSTR, false);
      assertEquals(at + T + far + INSTR, done, "a sharer on the other socket, broadcast=" + broadcast);
    }
    // A read of a line its own socket holds: near, unless the protocol broadcasts past a
    // holder outside the socket.
    Coherence b = new Coherence(t, HomeRules.pipelined(0, true), socket, (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(2, "l", 1, 6);
    long at = b.write(0, l, 0, INSTR, false);
    assertEquals(at + near + INSTR, b.read(1, l, at, INSTR), "held in the socket");
    CacheLine m = new CacheLine(3, "m", 1, 6);
    at = b.write(4, m, 0, INSTR, false);
    assertEquals(at + far + INSTR, b.read(1, m, at, INSTR), "held on the other socket");
  }

  /*
   * Why: a hand-off that writes three words of a waiter's line (CNA's numa_node, start_time,
   * locked) costs one ownership transfer on a real CPU, whose store buffer drains the three
   * stores together once the line is owned. The spinner's re-read after the first store is
   * priced ahead of its issue; it must not make the writer pay a second and a third transfer.
   * The line stays the writer's until the re-read's request reaches it, half-way through the
   * transfer, so the re-read brings all three stores; a write after that needs the line back.
   */
  @Test
  void storesIssuedBeforeAPricedAheadRereadStayHits() {
    long[][] three = {{0, T, T}, {T, 0, T}, {T, T, 0}};
    Coherence c = new Coherence(three, (cpu, token, visibleAt) -> { });
    CacheLine l = new CacheLine(0, "l", 3, 3);
    c.read(1, l, 0, INSTR);
    // CPU 0 stores the first word: posted, the line arrives one transfer later.
    long first = c.write(0, l, 10 * T, INSTR, true);
    long arrives = 10 * T + T;
    // CPU 1's re-read after that store is priced now, for when it will be issued.
    long issue = arrives + INSTR;
    assertEquals(issue + T + INSTR, c.rereads().reread(1, l, issue, INSTR));
    assertEquals(issue + T / 2, c.rereads().reach(), "it reaches CPU 0 half-way");
    // CPU 0's next two stores, issued before that re-read reaches it, are hits in its cache.
    long second = c.write(0, l, first, INSTR, true);
    long third = c.write(0, l, second, INSTR, true);
    assertEquals(first + INSTR, second);
    assertEquals(second + INSTR, third);
    assertTrue(l.holds(0) && l.holds(1), "the re-read on its way brings the stores");
    // An atomic of CPU 0 once the request has reached it takes the line back.
    long late = issue + T / 2 + 1;
    assertTrue(c.write(0, l, late, INSTR, false) > late + INSTR, "no longer a hit");
  }

  /*
   * Why: a plain read of a line another CPU owns takes it from the owner only when its
   * request reaches the owner, half-way through the transfer. An atomic the owner issues
   * before then is a hit, ordered before the read, and the reader is told to take its words
   * (a lock's releaser that queues again at once beats the waiters' re-reads of the line).
   */
  @Test
  void anOwnersAtomicBeforeAReadReachesItIsAHitAndTheReaderGetsItsWords() {
    long[][] two = {{0, T}, {T, 0}};
    java.util.List<Integer> told = new java.util.ArrayList<>();
    LineListener listener = new LineListener() {
      @Override
      public void lineWritten(int cpu, long token, long visibleAt) {
      }

      @Override
      public void ownerWroteFirst(int cpu, CacheLine line) {
        told.add(cpu);
      }
    };
    Coherence c = new Coherence(two, listener);
    CacheLine l = new CacheLine(0, "l", 1, 2);
    long owned = c.write(0, l, 0, INSTR, false);
    long at = owned + T;
    assertEquals(at + T + INSTR, c.read(1, l, at, INSTR), "one transfer from the owner");
    // An atomic that is done before the request gets there.
    long early = at + T / 2 - INSTR - 1;
    assertEquals(early + INSTR, c.write(0, l, early, INSTR, false), "before the request: a hit");
    assertEquals(java.util.List.of(1), told, "the reader takes the owner's words");
    long late = at + T / 2 + 1;
    assertTrue(c.write(0, l, late, INSTR, false) > late + INSTR, "after it: the line comes back");
    assertEquals(java.util.List.of(1), told);
  }

  /*
   * Why: qspinlock's new queue head prefetches its successor's node for writing (prefetchw), so
   * that the hand-off store finds the line owned. The prefetch must not stall its CPU, must take
   * the line from the successor (whose next read then costs a transfer) and must leave the line
   * owned, so that the store after it is a hit.
   */
  @Test
  void aPrefetchForWriteTakesTheLineWithoutWaiting() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(1, l, 0, INSTR, false);
    coherence.prefetchForWrite(0, l, 10 * T);
    assertTrue(l.holds(0) && !l.holds(1), "the line is CPU 0's alone");
    long at = 12 * T;
    assertEquals(at + INSTR, coherence.write(0, l, at, INSTR, false), "the store after it hits");
    assertEquals(13 * T + T + INSTR, coherence.read(1, l, 13 * T, INSTR), "CPU 1 reads it anew");
    coherence.prefetchForWrite(1, l, 20 * T);
    assertTrue(l.holds(1) && !l.holds(0));
    coherence.prefetchForWrite(1, l, 21 * T);
    assertTrue(l.holds(1), "a prefetch of a line the CPU owns leaves it as it is");
  }

  /*
   * Why: a load of a line whose prefetch is still on its way merges with the fill and waits
   * for the data; it must not hit a copy that has not arrived (CNA's head reads the successor
   * node it has just prefetched).
   */
  @Test
  void aLoadOfALineBeingPrefetchedWaitsForTheFill() {
    CacheLine l = new CacheLine(0, "l", 1, 2);
    coherence.write(1, l, 0, INSTR, false);
    coherence.prefetchRead(0, l, 10 * T);
    assertEquals(11 * T + INSTR, coherence.read(0, l, 10 * T + INSTR, INSTR), "waits for the fill");
    assertEquals(12 * T + INSTR, coherence.read(0, l, 12 * T, INSTR), "then a hit");
    CacheLine m = new CacheLine(1, "m", 1, 2);
    coherence.write(1, m, 0, INSTR, false);
    coherence.prefetchForWrite(0, m, 20 * T);
    assertEquals(21 * T + INSTR, coherence.read(0, m, 20 * T + INSTR, INSTR), "for writing too");
  }
}
