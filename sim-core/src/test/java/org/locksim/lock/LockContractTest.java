package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * contention, so one contract runs against each entry of {@link LockRegistry#standard()}, with
 * its defaults and with each boolean and choice parameter changed: no two holders at once, no
 * task left asleep or spinning for ever (after a stop time every task must get the lock once
 * more and exit), every task gets the lock during the run, and the same run twice gives the
 * same counts. A new algorithm is covered by registering it.
 */
class LockContractTest {
  /** Spans several 10 ms CFS slices, so that both tasks of every CPU get to run. */
  private static final long OVERSUBSCRIBED_RUN_PS = 30 * LockRig.MS;

  /**
   * With two tasks per CPU a sleeping mutex serves its wait list one woken task at a time, and
   * a woken task may wait in its CPU's run queue until the task running there is preempted; on
   * 64 CPUs the last of some 64 sleepers is served after more than 30 ms (`mutex.osq`: the
   * least served task has 14 acquisitions at 40 ms and at 60 ms, 160 at 120 ms).
   */
  private static long oversubscribedRunPs(int cpus) {
    return cpus >= 64 ? 2 * OVERSUBSCRIBED_RUN_PS : OVERSUBSCRIBED_RUN_PS;
  }

  /** Long enough for some tens of acquisitions per task even where the lock has collapsed. */
  private static long runPs(int cpus) {
    return cpus <= 16 ? 3 * LockRig.MS : 12 * LockRig.MS;
  }

  /**
   * An algorithm with its defaults, or with one parameter changed.
   *
   * @param entry the registry entry
   * @param changed the parameter changed from its default, if any
   */
  record Variant(LockRegistry.Entry entry, Map<String, Object> changed) {
    LockParams params() {
      Map<String, Object> m = new TreeMap<>(LockParams.defaults(entry.params()).asMap());
      m.putAll(changed);
      return new LockParams(m);
    }

    @Override
    public String toString() {
      return entry.name() + (changed.isEmpty() ? "" : changed.toString());
    }
  }

  /** Every algorithm with its defaults, and with each boolean flipped and each choice made. */
  static List<Variant> variants() {
    List<Variant> out = new ArrayList<>();
    for (LockRegistry.Entry e : LockRegistry.standard().entries()) {
      out.add(new Variant(e, Map.of()));
      for (ParamSpec p : e.params()) {
        if (p.kind() == ParamSpec.Kind.BOOLEAN) {
          out.add(new Variant(e, Map.of(p.name(), !(Boolean) p.defaultValue())));
        } else if (p.kind() == ParamSpec.Kind.CHOICE) {
          for (String c : p.choices()) {
            if (!c.equals(p.defaultValue())) {
              out.add(new Variant(e, Map.of(p.name(), c)));
            }
          }
        }
      }
    }
    return out;
  }

  /** One and two CPUs, a two-socket 16 and the four-socket 144 (a four-socket Haswell-EX box). */
  static Stream<Arguments> algorithmsAndCpus() {
    return algorithmsOn(1, 2, 16, 144);
  }

  private static Stream<Arguments> algorithmsOn(int... sizes) {
    List<Arguments> out = new ArrayList<>();
    for (Variant v : variants()) {
      for (int cpus : sizes) {
        out.add(Arguments.of(v, cpus));
      }
    }
    return out.stream();
  }

  /**
   * Exclusive algorithms only: a critical section lets two tasks of one CPU share it. Two tasks
   * per CPU go up to 64 CPUs: 288 tasks on 144 CPUs would triple the contract's run time.
   */
  static Stream<Arguments> exclusiveAlgorithmsAndCpus() {
    return algorithmsOn(1, 2, 16, 64).filter(a -> exclusive((Variant) a.get()[0]));
  }

  private static Lock probe(Variant v) {
    Simulation sim = new Simulation();
    var machine = TestMachines.machine(2);
    new Kernel(sim, machine, SchedConfig.defaults(), null);
    return v.entry().factory().create(new LockEnv("probe", machine), v.params());
  }

  private static boolean exclusive(Variant v) {
    return probe(v).exclusive();
  }

  @ParameterizedTest(name = "{0} on {1} CPUs")
  @MethodSource("algorithmsAndCpus")
  void excludesAndMakesProgressWithOneTaskPerCpu(Variant v, int cpus) {
    // A critical section excludes only on its own CPU: the exclusion check skips it (through
    // Lock.exclusive()), and one task per CPU never shares a CPU, so the rest still applies.
    LockRig.Result r = LockRig.run(v.entry(), v.params(), cpus, cpus, runPs(cpus));
    checkContract(v, r, cpus);
    if (cpus > 1 && exclusive(v)) {
      // The workload saturates the lock: waiting must be reported, for lock_stat.
      assertTrue(r.contentions() > 0, v + ": no contention reported");
    }
  }

  /**
   * Two tasks per CPU: sleeping locks must wake their sleepers, and spin locks, which keep
   * preemption off from lock to unlock, must still let the queued task of each CPU run.
   */
  @ParameterizedTest(name = "{0} on {1} CPUs, two tasks per CPU")
  @MethodSource("exclusiveAlgorithmsAndCpus")
  void excludesAndMakesProgressWithTwoTasksPerCpu(Variant v, int cpus) {
    LockRig.Result r = LockRig.run(v.entry(), v.params(), cpus, 2 * cpus, oversubscribedRunPs(cpus));
    checkContract(v, r, cpus);
  }

  static Stream<Arguments> exclusiveAlgorithmsOnTwoAndSixteenCpus() {
    return exclusiveAlgorithmsAndCpus().filter(a -> (int) a.get()[1] == 2 || (int) a.get()[1] == 16);
  }

  /**
   * Two locks on one cache line, two tasks per CPU, half the tasks on each lock (so each CPU
   * runs a task of each): a spinner on one lock is disturbed by every write to the other (a
   * spurious wake for a spinner that waits for any write), and its algorithm must still
   * exclude, make progress and lose no wakeup.
   */
  @ParameterizedTest(name = "{0} on {1} CPUs, beside another lock on its line")
  @MethodSource("exclusiveAlgorithmsOnTwoAndSixteenCpus")
  void excludesAndMakesProgressBesideAnotherLockOnItsLine(Variant v, int cpus) {
    LockRig.Result r = LockRig.run(v.entry(), v.params(), cpus, 2 * cpus, oversubscribedRunPs(cpus), true);
    checkContract(v, r, cpus);
  }

  /** From 16 CPUs: with one task per CPU, fewer CPUs give at most one reader on another CPU. */
  static Stream<Arguments> readerWriterAlgorithmsAndCpus() {
    return algorithmsAndCpus().filter(a -> probe((Variant) a.get()[0]).readerWriter()
        && (int) a.get()[1] >= 16);
  }

  /**
   * Reader-writer locks with half the tasks reading: readers hold the lock together, a writer
   * alone (the ground truth reports a writer beside readers), and every writer gets through
   * under the lock's own fairness rule.
   */
  @ParameterizedTest(name = "{0} on {1} CPUs, readers and writers")
  @MethodSource("readerWriterAlgorithmsAndCpus")
  void readersShareAndWritersHoldAlone(Variant v, int cpus) {
    LockRig.Result r = LockRig.run(v.entry(), v.params(), cpus, cpus, runPs(cpus), false, true);
    checkContract(v, r, cpus);
    assertTrue(r.maxReaders() >= 2, v + ": readers never held the lock together");
  }

  @Test
  void someAlgorithmIsAReaderWriterLock() {
    assertTrue(readerWriterAlgorithmsAndCpus().findAny().isPresent());
  }

  @ParameterizedTest(name = "{0} on {1} CPUs")
  @MethodSource("algorithmsAndCpus")
  void runsAreDeterministic(Variant v, int cpus) {
    LockRig.Result a = LockRig.run(v.entry(), v.params(), cpus, cpus, LockRig.MS);
    LockRig.Result b = LockRig.run(v.entry(), v.params(), cpus, cpus, LockRig.MS);
    assertArrayEquals(a.acquisitions(), b.acquisitions(), v.toString());
    assertEquals(a.events(), b.events(), v.toString());
    assertEquals(a.lineTransfers(), b.lineTransfers(), v.toString());
  }

  @Test
  void onlyCriticalSectionsAreNotExclusive() {
    for (Variant v : variants()) {
      assertEquals(!v.entry().name().startsWith("section."), exclusive(v), v.toString());
    }
  }

  @Test
  void everyRegisteredAlgorithmIsCovered() {
    List<String> covered = variants().stream().map(v -> v.entry().name()).distinct().toList();
    assertEquals(LockRegistry.standard().names(), covered);
    assertTrue(covered.containsAll(List.of("spin.tas", "spin.ttas", "spin.tas-backoff",
        "spin.ticket", "spin.mtx-enter", "queued.mcs", "spin.mutex", "mutex.blocking",
        "queued.qspinlock", "queued.cna", "mutex.osq", "rw.qrwlock")));
  }

  /**
   * The contract. Every task must get the lock during the run on up to 64 CPUs; on 144, where
   * each task averages about ten acquisitions in the window, the test-and-set family and the
   * sleeping mutexes, which serve whoever comes first, leave some task out by chance, so there
   * only the drain (every task gets the lock once the others stop) is required.
   */
  private static void checkContract(Variant v, LockRig.Result r, int cpus) {
    String name = v.toString();
    assertEquals(List.of(), r.violations(), name + ": invariant violations");
    List<String> stuck = r.stuck();
    assertTrue(stuck.isEmpty(), name + ": " + stuck.size() + " task(s) never finished, e.g. "
        + stuck.subList(0, Math.min(4, stuck.size())));
    assertTrue(r.total() > 0, name + ": no acquisitions");
    // Unfair algorithms may starve a waiter while others hammer the lock; the drain above
    // still requires every task to get it once the others stop.
    if (probe(v).starvationFree() && cpus <= 64) {
      assertTrue(r.min() > 0, name + ": a task never got the lock: "
          + Arrays.toString(r.acquisitions()));
    }
  }
}
