package org.locksim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Why: a CPU's next step is a timer that is moved instead of a fresh event beside a stale one,
 * and the run must be the same either way: the timers interleave with the queue's events in
 * {@code (time, seq)} order, a moved timer fires once, where it was moved to, with the place in
 * the order a fresh event would have had, and a cancelled one does not fire.
 */
class TimersTest {
  @Test
  void timersAndEventsRunInTimeOrderAndEqualTimesInScheduleOrder() {
    Simulation sim = new Simulation();
    List<String> seen = new ArrayList<>();
    int h = sim.register((a, b) -> seen.add("e" + a));
    Timers t = sim.timers((id, unused) -> seen.add("t" + id), 3);
    sim.schedule(10, h, 1, 0);
    t.set(0, 10);
    sim.schedule(10, h, 2, 0);
    t.set(1, 5);
    sim.schedule(20, h, 3, 0);
    sim.runUntil(100);
    assertEquals(List.of("t1", "e1", "t0", "e2", "e3"), seen);
  }

  @Test
  void aMovedTimerFiresOnceWhereItWasMovedToAndTakesAFreshPlaceInTheOrder() {
    Simulation sim = new Simulation();
    List<String> seen = new ArrayList<>();
    int h = sim.register((a, b) -> seen.add("e" + a));
    Timers t = sim.timers((id, unused) -> seen.add("t" + id + "@" + sim.now()), 2);
    t.set(0, 10);
    sim.schedule(30, h, 1, 0);
    t.set(0, 30);
    t.set(1, 50);
    t.set(1, 20);
    sim.runUntil(100);
    assertEquals(List.of("t1@20", "e1", "t0@30"), seen);
  }

  @Test
  void aCancelledTimerDoesNotFireAndDoesNotHoldTheClock() {
    Simulation sim = new Simulation();
    List<Integer> seen = new ArrayList<>();
    Timers t = sim.timers((id, unused) -> seen.add(id), 2);
    t.set(0, 10);
    t.set(1, 20);
    t.cancel(0);
    t.cancel(0);
    assertFalse(t.pending(0));
    assertTrue(t.pending(1));
    assertEquals(1, sim.pending());
    List<Boolean> advanced = new ArrayList<>();
    int h = sim.register((a, b) -> {
      advanced.add(sim.advanceTo(15));
      advanced.add(sim.advanceTo(25));
    });
    sim.schedule(1, h, 0, 0);
    sim.runUntil(100);
    assertEquals(List.of(true, false), advanced,
        "nothing is due before 15 once the timer at 10 is cancelled; the timer at 20 is due before 25");
    assertEquals(List.of(1), seen);
  }

  @Test
  void refusesATimerInThePastAndASecondSet() {
    Simulation sim = new Simulation();
    Timers t = sim.timers((id, unused) -> { }, 1);
    sim.runUntil(10);
    assertThrows(IllegalArgumentException.class, () -> t.set(0, 5));
    assertThrows(IllegalStateException.class, () -> sim.timers((id, unused) -> { }, 1));
  }

  /**
   * A timer being fired stays at the heap's root while its handler runs (so that setting it
   * again sifts once); the handler must still see it as not pending, and advanceTo must see the
   * other timers only.
   */
  @Test
  void whileATimerFiresItIsNotPendingAndTheOthersAreWhatAdvanceToSees() {
    Simulation sim = new Simulation();
    List<String> seen = new ArrayList<>();
    Timers[] timers = new Timers[1];
    timers[0] = sim.timers((id, unused) -> {
      seen.add(id + "@" + sim.now());
      if (id == 0 && sim.now() == 10) {
        assertFalse(timers[0].pending(0));
        assertTrue(timers[0].pending(1));
        assertTrue(sim.advanceTo(15), "nothing pending before 15 but timer 1 at 20");
        assertFalse(sim.advanceTo(25), "timer 1 fires at 20");
        timers[0].set(0, 30);
        assertTrue(timers[0].pending(0));
      }
    }, 3);
    timers[0].set(0, 10);
    timers[0].set(1, 20);
    timers[0].set(2, 20);
    sim.runUntil(100);
    assertEquals(List.of("0@10", "1@20", "2@20", "0@30"), seen);
    assertEquals(0, sim.pending());
  }

  /** The same random schedule of settings, moves and cancellations, run with timers and with
   * fresh events that skip the replaced ones (the token rule the step loop used before). */
  @Test
  void matchesFreshEventsWithStaleOnesSkippedUnderRandomLoad() {
    assertEquals(trace(false), trace(true));
  }

  private static List<String> trace(boolean withTimers) {
    int n = 16;
    Simulation sim = new Simulation();
    SplittableRandom r = new SplittableRandom(11);
    List<String> seen = new ArrayList<>();
    long[] token = new long[n];
    Timers[] timers = new Timers[1];
    int[] hStep = new int[1];
    EventHandler fire = new EventHandler() {
      @Override
      public void handle(int id, long tok) {
        if (!withTimers && tok != token[id]) {
          return;
        }
        if (!withTimers) {
          token[id]++;
        }
        seen.add(id + "@" + sim.now());
        for (int k = 0; k < 3; k++) {
          int other = r.nextInt(n);
          long at = sim.now() + r.nextInt(50);
          if (r.nextInt(5) == 0) {
            if (withTimers) {
              timers[0].cancel(other);
            } else {
              token[other]++;
            }
          } else if (withTimers) {
            timers[0].set(other, at);
          } else {
            sim.schedule(at, hStep[0], other, ++token[other]);
          }
        }
      }
    };
    if (withTimers) {
      timers[0] = sim.timers(fire, n);
      for (int i = 0; i < n; i++) {
        timers[0].set(i, i);
      }
    } else {
      hStep[0] = sim.register(fire);
      for (int i = 0; i < n; i++) {
        sim.schedule(i, hStep[0], i, token[i]);
      }
    }
    sim.runUntil(20_000);
    return seen;
  }
}
