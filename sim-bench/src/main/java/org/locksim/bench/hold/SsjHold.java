package org.locksim.bench.hold;

import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * The hold model on an SSJ 3.3.2 event list (L'Ecuyer and Buist, "Simulation in Java with SSJ",
 * WSC 2005), as SSJ's own loop ({@code Simulator.start}) uses it: the simulator removes the
 * first event and sets its clock to the event's time, and the event schedules itself again
 * {@code increment} later ({@code Event.schedule}, which allocates nothing). Times are SSJ's
 * {@code double}s, in picoseconds.
 */
public final class SsjHold implements HoldModel {
  private final HoldSimulator simulator;

  public SsjHold(EventList list) {
    this.simulator = new HoldSimulator(list);
  }

  @Override
  public void fill(HoldIncrements increments, int pending) {
    for (int i = 0; i < pending; i++) {
      new Pending(simulator).schedule(increments.at(i));
    }
    simulator.begin();
  }

  @Override
  public long hold(long increment) {
    Event e = simulator.next();
    e.schedule(increment);
    return (long) simulator.time();
  }

  /** SSJ's simulator with the step of its loop, {@code removeFirstEvent}, made callable. */
  private static final class HoldSimulator extends Simulator {
    HoldSimulator(EventList list) {
      super(list);
    }

    /** What {@code start()} does before its loop. */
    void begin() {
      stopped = false;
      simulating = true;
    }

    Event next() {
      return removeFirstEvent();
    }
  }

  /** An event with nothing to do: only its place in the list is measured. */
  private static final class Pending extends Event {
    Pending(Simulator simulator) {
      super(simulator);
    }

    @Override
    public void actions() {
      // Never run: the benchmark pops events itself.
    }
  }
}
