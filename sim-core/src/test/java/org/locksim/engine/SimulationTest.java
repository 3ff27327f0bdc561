package org.locksim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Why: the whole simulator's determinism rests on the engine's (time, seq) order. */
class SimulationTest {
  @Test
  void runsEventsInTimeOrderAndEqualTimesInScheduleOrder() {
    Simulation sim = new Simulation();
    List<String> seen = new ArrayList<>();
    int h = sim.register((a, b) -> seen.add(a + "@" + b));
    sim.schedule(30, h, 1, 30);
    sim.schedule(10, h, 2, 10);
    sim.schedule(10, h, 3, 10);
    sim.schedule(20, h, 4, 20);
    sim.schedule(10, h, 5, 10);
    sim.runUntil(100);
    assertEquals(List.of("2@10", "3@10", "5@10", "4@20", "1@30"), seen);
    assertEquals(100, sim.now());
  }

  @Test
  void stopsAtTheEndTimeAndKeepsLaterEvents() {
    Simulation sim = new Simulation();
    List<Long> seen = new ArrayList<>();
    int h = sim.register((a, b) -> seen.add(b));
    sim.schedule(5, h, 0, 5);
    sim.schedule(50, h, 0, 50);
    sim.runUntil(10);
    assertEquals(List.of(5L), seen);
    assertEquals(10, sim.now());
    assertEquals(1, sim.pending());
    sim.runUntil(60);
    assertEquals(List.of(5L, 50L), seen);
  }

  @Test
  void refusesEventsInThePast() {
    Simulation sim = new Simulation();
    int h = sim.register((a, b) -> { });
    sim.schedule(10, h, 0, 0);
    sim.runUntil(10);
    assertThrows(IllegalArgumentException.class, () -> sim.schedule(5, h, 0, 0));
  }

  @Test
  void heapMatchesASortedReferenceUnderRandomLoad() {
    HeapEventQueue q = new HeapEventQueue(4);
    SplittableRandom r = new SplittableRandom(7);
    List<long[]> ref = new ArrayList<>();
    long seq = 0;
    for (int round = 0; round < 20_000; round++) {
      if (ref.isEmpty() || r.nextInt(3) > 0) {
        long t = r.nextLong(1000);
        q.push(t, seq, 0, (int) seq, t);
        ref.add(new long[] {t, seq});
        seq++;
      } else {
        ref.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        long[] head = ref.remove(0);
        q.pop();
        assertEquals(head[0], q.time());
        assertEquals(head[1], q.seq());
        assertEquals((int) head[1], q.a());
      }
    }
    assertEquals(ref.size(), q.size());
  }

  @Test
  void handlersMayScheduleMoreEventsWhileRunning() {
    Simulation sim = new Simulation();
    int[] count = {0};
    int[] self = new int[1];
    self[0] = sim.register((a, b) -> {
      count[0]++;
      if (a > 0) {
        sim.scheduleIn(7, self[0], a - 1, 0);
      }
    });
    sim.schedule(0, self[0], 100, 0);
    sim.runUntil(Long.MAX_VALUE - 1);
    assertEquals(101, count[0]);
    assertTrue(sim.eventsRun() == 101);
  }
}
