package org.locksim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.sched.CpuMode;

/**
 * Why: the contention loop drives every lock through the scheduler on a multi-CPU machine; it
 * must make progress, keep the locks' invariants, put sleeping waiters off their CPUs and
 * spinning ones on them, and repeat itself exactly for the same seed.
 */
class ContentionLoopTest {
  static Scenario scenario(String algorithm, int tasks) {
    return ScenarioLoader.standard().load("c.json", text(algorithm, tasks), List.of()).get(0);
  }

  private static String text(String algorithm, int tasks) {
    return "{\"name\": \"c\", \"machine\": \"amd64-2009-16way\","
        + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"" + algorithm + "\"}],"
        + " \"workload\": {\"type\": \"contention\", \"tasks\": " + tasks + ", \"lock\": \"m\","
        + " \"critical\": {\"dist\": \"fixed\", \"ns\": 500},"
        + " \"think\": {\"dist\": \"exponential\", \"meanNs\": 5000}},"
        + " \"run\": {\"warmupMs\": 1, \"durationMs\": 5}}";
  }

  @ParameterizedTest
  @ValueSource(strings = {"spin.mutex", "mutex.blocking"})
  void tasksMakeProgressWithoutViolations(String algorithm) {
    RunResult r = Simulator.run(scenario(algorithm, 32), 1);
    assertEquals(List.of(), r.violations());
    // Progress, not speed: the sleeping mutex's woken waiters leave Nehalem's deep idle states
    // (C3, C6: 20 and 200 us) first, so it makes about a thousand operations in 5 ms.
    assertTrue(r.ops() > 500, "ops " + r.ops());
    // One lock with a 500 ns critical section cannot exceed 2M acquisitions a second.
    assertTrue(r.opsPerSecond() <= 2_000_000, "ops/s " + r.opsPerSecond());
  }

  @ParameterizedTest
  @ValueSource(strings = {"spin.mutex", "mutex.blocking"})
  void sameSeedSameFigures(String algorithm) {
    RunResult a = Simulator.run(scenario(algorithm, 32), 7);
    RunResult b = Simulator.run(scenario(algorithm, 32), 7);
    assertEquals(a.ops(), b.ops());
    assertEquals(a.counters().contextSwitches(), b.counters().contextSwitches());
    assertEquals(a.cycles(), b.cycles());
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void sleepLocksSwitchAndSpinLocksDoNot(int tasks) {
    RunResult spin = Simulator.run(scenario("spin.mutex", tasks), 1);
    RunResult sleep = Simulator.run(scenario("mutex.blocking", tasks), 1);
    assertTrue(spin.ms(CpuMode.SPINNING) > 0);
    assertTrue(sleep.counters().contextSwitches() > 100 * Math.max(1, spin.counters().contextSwitches()),
        "switches: sleep " + sleep.counters().contextSwitches() + ", spin " + spin.counters().contextSwitches());
  }

  /** One task per CPU: a sleeping waiter leaves its CPU, a spinning one keeps it busy. */
  @Test
  void withATaskPerCpuSpinLocksSpinMore() {
    RunResult spin = Simulator.run(scenario("spin.mutex", 16), 1);
    RunResult sleep = Simulator.run(scenario("mutex.blocking", 16), 1);
    assertTrue(spin.ms(CpuMode.SPINNING) > sleep.ms(CpuMode.SPINNING),
        "spinning: spin " + spin.ms(CpuMode.SPINNING) + " ms, sleep " + sleep.ms(CpuMode.SPINNING));
  }

  /**
   * Four tasks per CPU: FreeBSD's unlock wakes every waiter of the turnstile at once
   * ({@code turnstile_broadcast}), and the woken herd queues on the turnstile chain's spin
   * lock to block again, so most of the blocking mutex's spinning is there, not on the mutex.
   */
  @Test
  void aBroadcastWakeHerdSpinsOnTheTurnstileChainLock() {
    RunResult sleep = Simulator.run(scenario("mutex.blocking", 64), 1);
    double chain = sleep.spinMsByFunction().getOrDefault("mtx_lock_spin", 0.0);
    assertTrue(chain > 0.5 * sleep.ms(CpuMode.SPINNING),
        "in mtx_lock_spin " + chain + " ms of " + sleep.ms(CpuMode.SPINNING));
  }

  @Test
  void aUserSpaceLoopMakesNoSystemCallAndItsLockTimeIsUserTime() {
    // One task, no contention: each pass is the lock, 500 ns under it and the think time; in
    // the kernel it also pays the null system call (about 100 ns on Nehalem) and its lock and
    // section are system time.
    Scenario kernel = scenario("spin.tas", 1);
    Scenario userSpace = ScenarioLoader.standard().load("c.json", text("spin.tas", 1)
        .replace("\"tasks\": 1,", "\"tasks\": 1, \"space\": \"user\","), List.of()).get(0);
    RunResult k = Simulator.run(kernel, 1);
    RunResult u = Simulator.run(userSpace, 1);
    assertTrue(k.sysMs() > 0.5, "kernel: " + k.sysMs() + " ms of system time");
    assertEquals(0, u.sysMs(), 1e-9, "user space: system time");
    double perOpK = 1e9 / k.opsPerSecond();
    double perOpU = 1e9 / u.opsPerSecond();
    assertEquals(100, perOpK - perOpU, 40, "ns per operation: kernel " + perOpK + ", user " + perOpU);
  }

  @Test
  void aMisspeltSpaceNamesTheNearest() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(org.locksim.scenario.json.InputError.class,
        () -> ScenarioLoader.standard().load("c.json", text("spin.mutex", 1)
            .replace("\"tasks\": 1,", "\"tasks\": 1, \"space\": \"usr\","), List.of()));
    assertEquals("$.workload.space", e.path(), e.format());
    assertTrue(e.format().contains("did you mean \"user\""), e.format());
  }

  /** One lock on the 8 CPUs of amd64-2s4c, 260 cycles under it, in kernel or user space. */
  private static RunResult oversubscribed(String algorithm, int tasks, String space) {
    return oversubscribed(algorithm, "{}", tasks, space);
  }

  private static RunResult oversubscribed(String algorithm, String params, int tasks, String space) {
    String text = "{\"name\": \"o\", \"machine\": \"amd64-2s4c\","
        + " \"locks\": [{\"name\": \"m\", \"algorithm\": \"" + algorithm + "\", \"params\": "
        + params + "}],"
        + " \"workload\": {\"type\": \"contention\", \"space\": \"" + space + "\", \"tasks\": " + tasks
        + ", \"lock\": \"m\", \"critical\": {\"cycles\": {\"dist\": \"fixed\", \"value\": 260}},"
        + " \"outside\": {\"cycles\": {\"dist\": \"exponential\", \"mean\": 2600}}},"
        + " \"run\": {\"warmupMs\": 5, \"durationMs\": 30}}";
    RunResult r = Simulator.run(ScenarioLoader.standard().load("o.json", text, List.of()).get(0), 1);
    assertEquals(List.of(), r.violations());
    return r;
  }

  @Test
  void inUserSpaceAQueueLockCollapsesWhenThreadsOutnumberCpus() {
    // Two threads per CPU: a user-space holder or the waiter next in line is preempted at the
    // end of its slice, and the queue waits for it (lock-holder and lock-waiter preemption);
    // in the kernel the lock code keeps preemption off and the second thread per CPU only
    // waits its turn outside the lock.
    double user = oversubscribed("queued.mcs", 16, "user").opsPerSecond()
        / oversubscribed("queued.mcs", 8, "user").opsPerSecond();
    double kernel = oversubscribed("queued.mcs", 16, "kernel").opsPerSecond()
        / oversubscribed("queued.mcs", 8, "kernel").opsPerSecond();
    assertTrue(user < 0.4, "user space, 16 threads / 8: " + user);
    assertEquals(1, kernel, 0.1, "kernel, 16 threads / 8");
  }

  @Test
  void aKernelOnlyLockIsRefusedInUserSpace() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(org.locksim.scenario.json.InputError.class,
        () -> oversubscribed("queued.qspinlock", 8, "user"));
    assertEquals("$.workload.space", e.path(), e.format());
    assertTrue(e.format().contains("queued.mcs"), e.format());
  }

  @ParameterizedTest
  @ValueSource(strings = {"spin.tas", "spin.ttas", "spin.tas-backoff", "spin.ticket", "queued.mcs",
      "queued.cna-mcs", "queued.cohort-bo-mcs", "mutex.futex"})
  void everyUserSpaceLockKeepsMutualExclusionWhenItsHoldersArePreempted(String algorithm) {
    // Three threads per CPU: holders and waiters are preempted in the middle of the lock code
    // (oversubscribed() checks that no two tasks held the lock at once).
    RunResult r = oversubscribed(algorithm, 24, "user");
    assertTrue(r.ops() > 100, algorithm + ": " + r.ops() + " operations");
    assertTrue(r.counters().contextSwitches() > 24, algorithm + ": " + r.counters().contextSwitches()
        + " context switches");
  }

  @Test
  void aFutexMutexSleepsInTheKernelAndDoesNotCollapseWhenThreadsOutnumberCpus() {
    // Its waiters sleep in futex_wait: a preempted holder keeps nobody spinning, and the
    // system calls (the wait, the wake, the hash bucket's spin lock) are system time.
    RunResult one = oversubscribed("mutex.futex", 8, "user");
    RunResult two = oversubscribed("mutex.futex", 16, "user");
    assertTrue(two.opsPerSecond() > 0.7 * one.opsPerSecond(),
        "16 threads " + two.opsPerSecond() + ", 8 threads " + one.opsPerSecond());
    assertTrue(one.sysMs() > 0.2 * one.taskClockMs(), "system time " + one.sysMs() + " of "
        + one.taskClockMs() + " ms");
    assertTrue(one.counters().contextSwitches() > 1000, one.counters().contextSwitches() + " switches");
  }

  @Test
  void aUserSpaceOnlyLockIsRefusedInTheKernel() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(org.locksim.scenario.json.InputError.class,
        () -> oversubscribed("mutex.futex", 8, "kernel"));
    assertEquals("$.workload.type", e.path(), e.format());
    assertTrue(e.format().contains("\"space\": \"user\""), e.format());
  }

  @Test
  void anAdaptiveFutexMutexRetriesInsteadOfSleeping() {
    // PTHREAD_MUTEX_ADAPTIVE_NP retries its cmpxchg up to about 10 to 100 times before the
    // futex path: with one thread per CPU the lock is free again within that, and almost no
    // waiter sleeps, where the plain mutex's waiters sleep thousands of times.
    long plain = oversubscribed("mutex.futex", 8, "user").counters().contextSwitches();
    long adaptive = oversubscribed("mutex.futex", "{\"adaptive\": true}", 8, "user")
        .counters().contextSwitches();
    assertTrue(plain > 1000 && adaptive < plain / 100, "switches: plain " + plain + ", adaptive " + adaptive);
  }
}
