package org.locksim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.MissRoute;
import org.locksim.cpu.ModelCatalog;
import org.locksim.scenario.MachineReader;

/**
 * Why: on a machine of more than two sockets a miss goes to the line's home before the cache
 * holding the line answers, so where the line's memory is decides what a transfer costs: a home
 * in a third socket adds a crossing (three where the pair alone needs two), and under a home
 * that orders every miss (AMD's probe filter) a line homed elsewhere costs two crossings more
 * even between two cores of one socket. Per-CPU data lives in its CPU's node, so a queue lock's
 * per-CPU nodes never take the detour.
 */
class HomeDetourTest {
  private static final long NEAR = 40_000;
  private static final long FAR = 110_000;
  private static final long INSTR = 1_000;
  /** One crossing between two sockets: half of what a transfer between them costs beyond one inside. */
  private static final long LEG = (FAR - NEAR) / 2;

  /** Four sockets of two CPUs, CPUs 2s and 2s + 1 on socket s, every socket one hop from the others. */
  private static long[][] fourSockets() {
    long[][] t = new long[8][8];
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 8; j++) {
        t[i][j] = i == j ? 0 : i / 2 == j / 2 ? NEAR : FAR;
      }
    }
    return t;
  }

  private static final int[] SOCKET = {0, 0, 1, 1, 2, 2, 3, 3};

  /** The transfer a read of {@code reader} takes from the line's owner {@code owner}. */
  private static long readTransfer(MissRoute route, int owner, int reader, int homeSlot) {
    Coherence c = new Coherence(fourSockets(), HomeRules.pipelined(0, false).routed(route), SOCKET,
        (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 8, null, homeSlot);
    c.write(owner, l, 0, INSTR, false);
    long now = 10_000_000;
    return c.read(reader, l, now, INSTR) - now - INSTR;
  }

  @Test
  void aRemoteMissWhoseHomeIsInAThirdSocketCostsOneCrossingMore() {
    assertEquals(FAR, readTransfer(MissRoute.SOCKET, 0, 2, 0), "home in the owner's socket");
    assertEquals(FAR, readTransfer(MissRoute.SOCKET, 0, 2, 3), "home in the reader's socket");
    assertEquals(FAR + LEG, readTransfer(MissRoute.SOCKET, 0, 2, 5), "home in a third socket");
  }

  @Test
  void aSocketsOwnCacheAnswersForItsCpusUnlessEveryMissGoesHome() {
    assertEquals(NEAR, readTransfer(MissRoute.SOCKET, 0, 1, 5));
    assertEquals(NEAR + 2 * LEG, readTransfer(MissRoute.HOME, 0, 1, 5));
    assertEquals(NEAR, readTransfer(MissRoute.HOME, 0, 1, 1), "a home on the same socket");
  }

  @Test
  void aWriteTakesTheDetourToo() {
    Coherence c = new Coherence(fourSockets(), HomeRules.pipelined(0, false).routed(MissRoute.SOCKET),
        SOCKET, (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 8, null, 6);
    c.write(0, l, 0, INSTR, false);
    long now = 10_000_000;
    assertEquals(FAR + LEG, c.write(2, l, now, INSTR, false) - now - INSTR);
  }

  @Test
  void withoutARouteTheHomesPlaceAddsNothing() {
    Coherence c = new Coherence(fourSockets(), HomeRules.pipelined(0, false), SOCKET,
        (cpu, tok, at) -> { });
    CacheLine l = new CacheLine(0, "l", 1, 8, null, 5);
    c.write(0, l, 0, INSTR, false);
    long now = 10_000_000;
    assertEquals(FAR, c.read(2, l, now, INSTR) - now - INSTR);
  }

  private static final MachineReader CATALOG = new MachineReader(ModelCatalog.bundled());

  @Test
  void perCpuLinesAreHomedInTheirCpusSocket() {
    CpuModel model = CATALOG.bundled("xeon-e7-8895v3-4s");
    Machine m = new Machine(model, TestMachines.smpKernel(), HomeRules.of(model.coherence()));
    int moved = 0;
    for (int cpu = 0; cpu < m.cpuCount(); cpu++) {
      CacheLine l = m.perCpuLine("nodes", cpu, 1);
      assertEquals(m.cpu(cpu).slot().socket(), m.cpu(l.homeSlot).slot().socket(), "cpu " + cpu);
      moved += l.homeSlot == CacheLine.hashedSlot(l.id(), m.cpuCount()) ? 0 : 1;
    }
    assertEquals(true, moved > 0, "some hashed homes were in another socket");
  }

  @Test
  void theCatalogRoutesTheOpteronsMissesHomeAndTheXeonsBySocket() {
    assertEquals(MissRoute.HOME, CATALOG.bundled("opteron-8431-8s").coherence().missRoute());
    assertEquals(MissRoute.SOCKET, CATALOG.bundled("xeon-e7-8895v3-4s").coherence().missRoute());
    assertEquals(MissRoute.SOCKET, CATALOG.bundled("xeon-e5-2695v4-2s").coherence().missRoute());
  }
}
