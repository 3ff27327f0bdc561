package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.c2c.CoreToCore;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;

/**
 * Why: a scenario file can run the ping-pong: its operations are the round trips, its tasks
 * stay on the two CPUs it pins them to, and its rate gives the same one-way time as
 * {@code locksim c2c}, give or take the start, which the scenario's rate includes and the
 * table's samples leave out: the switch onto each CPU and the first trip, which brings the
 * line from memory (about 2 us over 1,000 round trips here: 1%).
 */
class PingPongScenarioTest {
  @Test
  void aScenarioPingPongMatchesTheTable() {
    String text = "{\"name\": \"pp\", \"machine\": \"amd64-2015-2s40t\","
        + " \"workload\": {\"type\": \"pingpong\", \"samples\": 5, \"roundTrips\": 200,"
        + " \"affinity\": {\"perTask\": [\"0\", \"20\"]}},"
        + " \"run\": {\"warmupMs\": 0}}";
    Scenario s = ScenarioLoader.standard().load("pp.json", text, List.of()).get(0);
    RunResult r = Simulator.run(s, 1);
    assertEquals(1000, r.ops());
    assertEquals("round trip", r.opName());
    assertEquals(0, r.counters().migrations());
    assertEquals("0", r.tasks().get(0).ranOn().toString());
    assertEquals("20", r.tasks().get(1).ranOn().toString());
    double oneWayNs = 1e9 / r.opsPerSecond() / 2;
    double table = CoreToCore.oneWayNs(s.machine(), 0, 20, 5, 200);
    assertTrue(oneWayNs >= table, oneWayNs + " ns against " + table);
    assertEquals(table, oneWayNs, table * 0.02);
  }
}
