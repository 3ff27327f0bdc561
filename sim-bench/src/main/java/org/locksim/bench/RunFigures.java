package org.locksim.bench;

import org.locksim.engine.CalendarEventQueue;
import org.locksim.engine.RadixEventQueue;
import org.locksim.engine.EventQueue;
import org.locksim.engine.HeapEventQueue;
import org.locksim.metrics.LockStats;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What an end-to-end benchmark reports beside its wall time per run, as JMH rates per wall
 * second: {@code simulatedSeconds} (warm-up included: the engine simulates it too) is the
 * simulated seconds per wall second, and {@code events} over {@code acquisitions} is the events
 * per acquisition (the events of the whole run over the acquisitions of every lock in its
 * measurement window, {@code /proc/lock_stat}'s column). Every end-to-end benchmark runs its
 * scenario through {@link #run}.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class RunFigures {
  public double simulatedSeconds;
  public long events;
  public long acquisitions;

  @Setup(Level.Iteration)
  public void clear() {
    simulatedSeconds = 0;
    events = 0;
    acquisitions = 0;
  }

  /** Runs {@code scenario} with seed 1, adds its figures, and returns its workload's operations. */
  long run(Scenario scenario) {
    return add(scenario, Simulator.run(scenario, 1));
  }

  /**
   * As {@link #run(Scenario)}, with the engine's pending events in the queue {@code queue}
   * names: {@code binary-heap} (the default), {@code calendar} or {@code radix-heap}.
   */
  long run(Scenario scenario, String queue) {
    EventQueue q = switch (queue) {
      case "binary-heap" -> new HeapEventQueue();
      case "calendar" -> new CalendarEventQueue();
      case "radix-heap" -> new RadixEventQueue();
      default -> throw new IllegalArgumentException("no event queue " + queue);
    };
    return add(scenario, Simulator.runOn(q, scenario, 1, null));
  }

  private long add(Scenario scenario, RunResult r) {
    simulatedSeconds += simulatedSeconds(scenario, r);
    events += r.events();
    acquisitions += acquisitions(r);
    return r.ops();
  }

  /** Acquisitions of every lock in the run's measurement window. */
  static long acquisitions(RunResult r) {
    long n = 0;
    for (LockStats l : r.locks()) {
      n += l.acquisitions();
    }
    return n;
  }

  /** Simulated seconds of one run: its warm-up plus its measurement window. */
  static double simulatedSeconds(Scenario scenario, RunResult r) {
    return scenario.run().warmupPs() / 1e12 + r.elapsedSeconds();
  }
}
