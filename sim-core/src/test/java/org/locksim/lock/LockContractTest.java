package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locksim.engine.Simulation;
import org.locksim.machine.TestMachines;
import org.locksim.sched.Kernel;
import org.locksim.sched.SchedConfig;

/**
 * Why: every lock algorithm, present and future, must keep the same promises under
 * contention, so one contract runs against each entry of {@link LockRegistry#standard()}: no
 * two holders at once, no task left asleep or spinning for ever, every task gets the lock, and
 * the same run twice gives the same counts. A new algorithm is covered by registering it.
 */
class LockContractTest {
  /** Long enough for some tens of acquisitions per task even where the lock has collapsed. */
  private static long runPs(int cpus) {
    return cpus <= 16 ? 3 * LockRig.MS : 12 * LockRig.MS;
  }

  private static final long OVERSUBSCRIBED_RUN_PS = 30 * LockRig.MS;

  static Stream<Arguments> algorithmsAndCpus() {
    List<Arguments> out = new ArrayList<>();
    for (LockRegistry.Entry e : LockRegistry.standard().entries()) {
      for (int cpus : new int[] {1, 2, 16, 64}) {
        out.add(Arguments.of(e.name(), cpus));
      }
    }
    return out.stream();
  }

  private static LockRegistry.Entry entry(String name) {
    return LockRegistry.standard().find(name).orElseThrow();
  }

  /** Whether the algorithm can put a task to sleep (it has wait queues). */
  private static boolean sleeps(LockRegistry.Entry e) {
    Simulation sim = new Simulation();
    var machine = TestMachines.machine(2);
    new Kernel(sim, machine, SchedConfig.defaults(), null);
    Lock l = e.factory().create(new LockEnv("probe", machine), LockParams.defaults(e.params()));
    return !l.waitQueues().isEmpty();
  }

  private static boolean exclusive(LockRegistry.Entry e) {
    Simulation sim = new Simulation();
    var machine = TestMachines.machine(2);
    new Kernel(sim, machine, SchedConfig.defaults(), null);
    return e.factory().create(new LockEnv("probe", machine), LockParams.defaults(e.params()))
        .exclusive();
  }

  @ParameterizedTest(name = "{0} on {1} CPUs")
  @MethodSource("algorithmsAndCpus")
  void excludesAndMakesProgressWithOneTaskPerCpu(String name, int cpus) {
    LockRegistry.Entry e = entry(name);
    // A critical section excludes only on its own CPU: one task per CPU is all it can take.
    LockRig.Result r = LockRig.run(e, cpus, cpus, runPs(cpus));
    checkContract(name, r);
  }

  @ParameterizedTest(name = "{0} on {1} CPUs, two tasks per CPU")
  @MethodSource("algorithmsAndCpus")
  void sleepingLocksExcludeAndMakeProgressWithTwoTasksPerCpu(String name, int cpus) {
    LockRegistry.Entry e = entry(name);
    if (!sleeps(e) || !exclusive(e)) {
      return;
    }
    LockRig.Result r = LockRig.run(e, cpus, 2 * cpus, OVERSUBSCRIBED_RUN_PS);
    checkContract(name, r);
  }

  @ParameterizedTest(name = "{0} on {1} CPUs")
  @MethodSource("algorithmsAndCpus")
  void runsAreDeterministic(String name, int cpus) {
    if (cpus == 64) {
      return;
    }
    LockRegistry.Entry e = entry(name);
    LockRig.Result a = LockRig.run(e, cpus, cpus, LockRig.MS);
    LockRig.Result b = LockRig.run(e, cpus, cpus, LockRig.MS);
    assertArrayEquals(a.acquisitions(), b.acquisitions(), name);
    assertEquals(a.events(), b.events(), name);
    assertEquals(a.lineTransfers(), b.lineTransfers(), name);
  }

  @Test
  void onlyCriticalSectionsAreNotExclusive() {
    for (LockRegistry.Entry e : LockRegistry.standard().entries()) {
      assertEquals(!e.name().startsWith("section."), exclusive(e), e.name());
    }
  }

  private static void checkContract(String name, LockRig.Result r) {
    assertEquals(List.of(), r.violations(), name + ": invariant violations");
    assertEquals(List.of(), r.stuck(), name + ": tasks that never finished");
    assertTrue(r.total() > 0, name + ": no acquisitions");
    assertTrue(r.min() > 0, name + ": a task never got the lock: "
        + java.util.Arrays.toString(r.acquisitions()));
  }
}
