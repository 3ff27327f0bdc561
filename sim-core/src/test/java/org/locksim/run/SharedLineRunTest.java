package org.locksim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.locksim.lock.Lock;
import org.locksim.scenario.Scenario;

/**
 * Why: a scenario's {@code line} must put the locks that name it on one cache line of the run's
 * machine, and leave every other lock on a line of its own; and the shared line must cost
 * something: tasks that take two locks on one line in turn, on different CPUs, move it more
 * often than the two lines apart move together, because each lock's spinners and holders take
 * the other lock's line too.
 */
class SharedLineRunTest {
  private static Scenario scenario(String lineA, String lineB) {
    return TwoLockScenario.of("spin.ttas", lineA, lineB, 2000, 0, 2);
  }

  private static List<Lock> locksOf(Scenario s, long[] transfers) {
    Lock[][] seen = new Lock[1][];
    Simulator.run(s, 1, new RunListener() {
      @Override
      public void started(RunContext c) {
        seen[0] = c.locks().toArray(new Lock[0]);
      }

      @Override
      public void finished(long endPs) {
        transfers[0] = seen[0][0].line().transfers();
        transfers[1] = seen[0][1].line().transfers();
      }
    });
    return List.of(seen[0]);
  }

  @Test
  void locksNamingALineShareItAndTheTrafficOfBoth() {
    long[] apart = new long[2];
    List<Lock> own = locksOf(scenario("", ""), apart);
    assertNotSame(own.get(0).line().home(), own.get(1).line().home());

    long[] together = new long[2];
    List<Lock> shared = locksOf(scenario(", \"line\": \"s\"", ", \"line\": \"s\""), together);
    assertSame(shared.get(0).line().home(), shared.get(1).line().home());
    assertNotSame(shared.get(0).line().home(), shared.get(2).line().home());
    assertEquals(together[0], together[1], "one count for the one line");
    assertTrue(together[0] > apart[0] + apart[1],
        "the shared line moves more than the two lines apart together: " + together[0]
            + " vs " + apart[0] + " + " + apart[1]);
  }
}
