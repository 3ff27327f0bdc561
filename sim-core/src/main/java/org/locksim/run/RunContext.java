package org.locksim.run;

import java.util.List;
import org.locksim.lock.Lock;
import org.locksim.machine.Machine;
import org.locksim.scenario.Scenario;

/**
 * What a {@link RunListener} learns when a run starts.
 *
 * @param scenario the scenario being run
 * @param seed the seed of this run
 * @param machine the assembled machine (CPU count, topology)
 * @param locks the scenario's locks, in scenario order: a lock's index in this list is its row
 * @param measureFromPs start of the measurement window (the end of the warm-up)
 * @param measureToPs end of the measurement window and of the run
 */
public record RunContext(Scenario scenario, long seed, Machine machine, List<Lock> locks,
    long measureFromPs, long measureToPs) {
  public RunContext {
    locks = List.copyOf(locks);
  }

  /** The number of CPUs. */
  public int cpuCount() {
    return machine.cpuCount();
  }
}
