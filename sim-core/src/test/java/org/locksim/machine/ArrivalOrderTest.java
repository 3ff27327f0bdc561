package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why: when many CPUs re-read a line just written (a flag every test thread spins on, a lock
 * word), the order the home serves them decides who goes first, and FIFO locks keep that order
 * for as long as everyone stays queued. The home sits in one socket: its own socket's requests
 * arrive first, and sockets equally far send theirs over links of their own at once, so their
 * requests arrive interleaved. Ring order over all the machine's CPUs instead lined the
 * sockets up one after another, and a restart of every waiter at once put a queue lock's
 * waiters in socket order, so most of its hand-offs stayed on a socket.
 */
class ArrivalOrderTest {
  private static final long NEAR = 40_000;
  private static final long FAR = 110_000;
  private static final long INSTR = 1_000;

  /** Four sockets of two CPUs (CPUs 2s and 2s + 1 on socket s); socket 3 is farther from 0. */
  private static long[][] fourSockets() {
    long[][] t = new long[8][8];
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 8; j++) {
        int a = i / 2;
        int b = j / 2;
        t[i][j] = i == j ? 0 : a == b ? NEAR : (a == 3 || b == 3) && (a == 0 || b == 0) ? 2 * FAR : FAR;
      }
    }
    return t;
  }

  private static List<Integer> toldAfterAWrite(long[][] t, int[] socket, int writer, CacheLine l) {
    List<Integer> told = new ArrayList<>();
    Coherence c = new Coherence(t, HomeRules.pipelined(0, false), socket, (cpu, tok, at) -> told.add(cpu));
    long at = 0;
    for (int cpu = t.length - 1; cpu >= 0; cpu--) {
      if (cpu != writer) {
        at = c.read(cpu, l, at, INSTR);
        c.watch(cpu, l, cpu);
      }
    }
    c.write(writer, l, at, INSTR, true);
    return told;
  }

  @Test
  void theHomesSocketFirstThenEquallyFarSocketsInterleavedThenTheFarthest() {
    int[] socket = {0, 0, 1, 1, 2, 2, 3, 3};
    CacheLine l = lineWithHomeSlot(0, 8);
    List<Integer> told = toldAfterAWrite(fourSockets(), socket, 7, l);
    assertEquals(List.of(0, 1, 2, 4, 3, 5, 6), told);
  }

  @Test
  void oneSocketKeepsRingOrderFromTheHomesSlot() {
    long[][] t = new long[4][4];
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        t[i][j] = i == j ? 0 : NEAR;
      }
    }
    CacheLine l = lineWithHomeSlot(2, 4);
    assertEquals(List.of(2, 3, 1), toldAfterAWrite(t, new int[4], 0, l));
  }

  /** A line whose home slot is {@code slot} among {@code cpus} CPUs. */
  private static CacheLine lineWithHomeSlot(int slot, int cpus) {
    for (int id = 0; ; id++) {
      CacheLine l = new CacheLine(id, "l", 1, cpus);
      if (l.homeSlot == slot) {
        return l;
      }
    }
  }
}
