package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    Coherence c = new Coherence(TWO, HomeRules.NONE, new int[2], (cpu, token, at) -> told.add(at));
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
}
