package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.cpu.MissRoute;

/**
 * Why: when many CPUs re-read a line just written (a flag every test thread spins on, a lock
 * word), the order they are served decides who goes first, and FIFO locks keep that order
 * for as long as everyone stays queued. Where every miss is ordered at the line's home, the
 * home's socket's requests arrive first; where a socket's last-level cache answers for its own
 * CPUs, the line just written is in the writer's socket, whose CPUs are served there first.
 * Sockets equally far send theirs over links of their own at once, so their requests arrive
 * interleaved. Ring order over all the machine's CPUs instead lined the sockets up one after
 * another, and a restart of every waiter at once put a queue lock's waiters in socket order,
 * so most of its hand-offs stayed on a socket.
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
    return toldAfterAWrite(t, socket, writer, l, HomeRules.pipelined(0, false));
  }

  private static List<Integer> toldAfterAWrite(long[][] t, int[] socket, int writer, CacheLine l,
      HomeRules rules) {
    List<Integer> told = new ArrayList<>();
    Coherence c = new Coherence(t, rules, socket, (cpu, tok, at) -> told.add(cpu));
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
  void whereTheHomeOrdersEveryMissItsSocketFirstThenEquallyFarSocketsInterleaved() {
    int[] socket = {0, 0, 1, 1, 2, 2, 3, 3};
    CacheLine l = lineWithHomeSlot(0, 8);
    List<Integer> told = toldAfterAWrite(fourSockets(), socket, 7, l,
        HomeRules.pipelined(0, false).routed(MissRoute.HOME));
    assertEquals(List.of(0, 1, 2, 4, 3, 5, 6), told);
  }

  @Test
  void whereASocketsCacheAnswersItsOwnCpusTheWritersSocketComesFirst() {
    int[] socket = {0, 0, 1, 1, 2, 2, 3, 3};
    CacheLine l = lineWithHomeSlot(0, 8);
    // CPU 7 wrote the line: its socket's CPU 6 first, though the line's memory is on socket 0;
    // then sockets 1 and 2, interleaved; socket 0, farthest from socket 3, last.
    assertEquals(List.of(6, 2, 4, 3, 5, 0, 1), toldAfterAWrite(fourSockets(), socket, 7, l));
    assertEquals(List.of(6, 2, 4, 3, 5, 0, 1), toldAfterAWrite(fourSockets(), socket, 7, l,
        HomeRules.pipelined(0, false).routed(MissRoute.SOCKET)));
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
