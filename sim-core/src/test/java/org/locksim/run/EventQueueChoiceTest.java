package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.engine.CalendarEventQueue;
import org.locksim.engine.QuadHeapEventQueue;
import org.locksim.engine.RadixEventQueue;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.sched.CpuMode;

/**
 * Why: the engine's event queue is a choice of speed only (the benchmarks compare them end to
 * end): every queue pops the same events in the same order, so a run on the calendar queue,
 * the 4-ary heap or the radix heap gives the default binary heap's figures exactly.
 */
class EventQueueChoiceTest {
  @Test
  void aRunGivesTheSameFiguresOnEveryQueue() {
    Scenario s = ScenarioLoader.standard().load(
        Path.of("src", "test", "resources", "scenarios", "contention-small.json"), List.of()).get(0);
    RunResult heap = Simulator.run(s, 3);
    for (RunResult other : List.of(Simulator.runOn(new CalendarEventQueue(), s, 3, null),
        Simulator.runOn(new QuadHeapEventQueue(), s, 3, null),
        Simulator.runOn(new RadixEventQueue(), s, 3, null))) {
      assertEquals(heap.events(), other.events());
      assertEquals(heap.ops(), other.ops());
      assertEquals(heap.instructions(), other.instructions());
      assertEquals(heap.ms(CpuMode.SPINNING), other.ms(CpuMode.SPINNING));
      assertEquals(heap.locks().get(0).acquisitions(), other.locks().get(0).acquisitions());
    }
  }
}
