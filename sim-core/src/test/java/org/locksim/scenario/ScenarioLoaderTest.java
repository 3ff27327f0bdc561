package org.locksim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.locksim.machine.FastPath;
import org.locksim.machine.ReleaseStyle;
import org.locksim.scenario.json.InputError;

/**
 * Why: a scenario is rejected before anything runs, with the file, the JSON path, the line and
 * column, what was expected and the closest valid name; each kind of bad input is pinned here.
 */
class ScenarioLoaderTest {
  private final ScenarioLoader loader = ScenarioLoader.standard();

  private static String scenario(String machine, String locks, String workload, String extra) {
    return "{\n"
        + "  \"name\": \"t\",\n"
        + "  \"machine\": " + machine + ",\n"
        + "  \"locks\": " + locks + ",\n"
        + "  \"workload\": " + workload + extra + "\n"
        + "}\n";
  }

  private static final String OK_LOCKS = "[{\"name\": \"m\", \"algorithm\": \"spin.mutex\"}]";
  private static final String OK_WORKLOAD = "{\"type\": \"uncontended\", \"lock\": \"m\"}";

  private InputError reject(String text) {
    return assertThrows(InputError.class, () -> loader.load("t.json", text, List.of()));
  }

  @Test
  void loadsAValidScenarioWithDefaults() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ""), List.of());
    assertEquals(1, s.size());
    assertEquals("pentium4", s.get(0).machine().name());
    assertTrue(s.get(0).kernel().smp());
    assertEquals(ReleaseStyle.XCHG, s.get(0).kernel().spinRelease());
  }

  @Test
  void locksThatNameALineShareIt() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"spin.mutex\", \"line\": \"uvm\"},"
            + " {\"name\": \"n\", \"algorithm\": \"spin.mutex\"}]", OK_WORKLOAD, ""), List.of());
    assertEquals("uvm", s.get(0).locks().get(0).line());
    assertEquals(null, s.get(0).locks().get(1).line(), "a lock that names no line has its own");
  }

  @Test
  void theSchedulerNamesLinuxsScalingRule() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"scheduler\": {\"tunableScaling\": \"log-uncapped\"}"), List.of());
    assertEquals(org.locksim.sched.TunableScaling.LOG_UNCAPPED, s.get(0).scheduler().scaling());
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"scheduler\": {\"tunableScaling\": \"logg\"}"));
    assertEquals("$.scheduler.tunableScaling", e.path());
    assertTrue(e.format().contains("did you mean \"log\""), e.format());
  }

  @Test
  void anEmptyLineNameIsRejected() {
    InputError e = reject(scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"spin.mutex\", \"line\": \" \"}]", OK_WORKLOAD, ""));
    assertEquals("$.locks[0].line", e.path());
  }

  @Test
  void unknownFieldNamesTheClosestKnownOne() {
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ",\n  \"kernal\": {}"));
    assertEquals("t.json", e.file());
    assertEquals(6, e.line());
    assertTrue(e.path().contains("kernal"), e.format());
    assertEquals(Optional.of("kernel"), e.suggestion());
  }

  @Test
  void wrongTypeSaysWhatWasExpected() {
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"kernel\": {\"smp\": \"yes\"}"));
    assertEquals("$.kernel.smp", e.path());
    assertTrue(e.message().contains("expected"), e.format());
    assertEquals(6, e.line());
  }

  @Test
  void valueOutOfRangeGivesTheRange() {
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"kernel\": {\"hz\": 0}"));
    assertEquals("$.kernel.hz", e.path());
    assertTrue(e.message().contains("10"), e.format());
  }

  @Test
  void misspeltModelNameSuggestsTheBundledOne() {
    InputError e = reject(scenario("\"pentium5\"", OK_LOCKS, OK_WORKLOAD, ""));
    assertEquals("$.machine", e.path());
    assertEquals(3, e.line());
    assertTrue(e.suggestion().orElse("").startsWith("pentium"), e.format());
  }

  @Test
  void misspeltAlgorithmSuggestsTheRegisteredOne() {
    InputError e = reject(scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"spin.mutx\"}]", OK_WORKLOAD, ""));
    assertEquals("$.locks[0].algorithm", e.path());
    assertEquals(Optional.of("spin.mutex"), e.suggestion());
  }

  @Test
  void danglingLockReferenceIsRejected() {
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS,
        "{\"type\": \"uncontended\", \"lock\": \"n\"}", ""));
    assertEquals("$.workload.lock", e.path());
    assertTrue(e.message().contains("\"n\""), e.format());
  }

  private static String torture(String fields) {
    return scenario("\"pentium4\"", OK_LOCKS,
        "{\"type\": \"locktorture\", \"lock\": \"m\", \"writers\": 2" + fields + "}", "");
  }

  @Test
  void locktortureLoadsWithTheSourcesDelays() {
    var w = (org.locksim.workload.LockTorture) loader.load("t.json", torture(""), List.of()).get(0).workload();
    assertEquals(org.locksim.workload.TortureType.SPIN_LOCK, w.type());
    assertEquals(2, w.shortDelayUs());
    assertEquals(100, w.longDelayMs());
    assertEquals(5, w.stutterJiffies());
  }

  @Test
  void aNegativeLocktortureDelayIsRejected() {
    InputError e = reject(torture(", \"shortDelayUs\": -2"));
    assertEquals("$.workload.shortDelayUs", e.path());
    assertEquals(5, e.line());
    assertTrue(e.message().contains("0"), e.format());
    e = reject(torture(", \"longDelayMs\": -100"));
    assertEquals("$.workload.longDelayMs", e.path());
  }

  @Test
  void readersOnAnExclusiveLockAreRejected() {
    InputError e = reject(torture(", \"readers\": 4"));
    assertEquals("$.workload.readers", e.path());
    assertTrue(e.message().contains("exclusive"), e.format());
  }

  @Test
  void anUnknownLocktortureLockOrTypeIsNamed() {
    InputError e = reject(scenario("\"pentium4\"", OK_LOCKS,
        "{\"type\": \"locktorture\", \"lock\": \"mm\", \"writers\": 2}", ""));
    assertEquals("$.workload.lock", e.path());
    assertEquals(Optional.of("m"), e.suggestion());
    e = reject(torture(", \"torture\": \"spin_lok\""));
    assertEquals("$.workload.torture", e.path());
    assertEquals(Optional.of("spin_lock"), e.suggestion());
  }

  @Test
  void absurdResourcesAreRejectedBeforeRunning() {
    InputError e = reject(scenario("{\"model\": \"pentium4\", \"topology\": {\"sockets\": 1,"
        + " \"clusters\": [{\"cores\": 1000000000, \"frequencyMHz\": {\"value\": 2800, \"source\": \"x\"}}]}}",
        OK_LOCKS, OK_WORKLOAD, ""));
    assertTrue(e.path().contains("cores"), e.format());
  }

  @Test
  void overridingABundledModelKeepsItsOtherNumbers() {
    List<Scenario> s = loader.load("t.json", scenario(
        "{\"model\": \"pentium4\", \"costs\": {\"xchg\": {\"value\": 1, \"source\": \"test\"}}}",
        OK_LOCKS, OK_WORKLOAD, ""), List.of());
    var costs = s.get(0).machine().costs();
    assertEquals(1, costs.cyclesOf(org.locksim.cpu.Instr.XCHG));
    assertEquals(129.5, costs.cyclesOf(org.locksim.cpu.Instr.LOCK_CMPXCHG));
  }

  @Test
  void anErrorInsideABundledModelOverrideIsLocatedInTheScenario() {
    InputError e = reject(scenario(
        "{\"model\": \"pentium4\", \"costs\": {\"xchgg\": {\"value\": 1, \"source\": \"test\"}}}",
        OK_LOCKS, OK_WORKLOAD, ""));
    assertEquals("t.json", e.file());
    assertEquals(Optional.of("xchg"), e.suggestion());
  }

  @Test
  void setOverridesApplyBeforeChecking() {
    InputError e = assertThrows(InputError.class, () -> loader.load("t.json",
        scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ""), List.of("kernel.spinRelease=stor")));
    assertEquals("--set", e.file());
    assertEquals(Optional.of("store"), e.suggestion());
  }

  @Test
  void everyFastPathStyleIsReadAndAMisspeltOneIsSuggested() {
    for (FastPath f : FastPath.values()) {
      List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ""),
          List.of("kernel.fastPath=" + f.jsonName()));
      assertEquals(f, s.get(0).kernel().fastPath());
    }
    InputError e = assertThrows(InputError.class, () -> loader.load("t.json",
        scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ""), List.of("kernel.fastPath=asm-cal")));
    assertEquals("--set:1:17: $.kernel.fastPath: unknown value \"asm-cal\"; expected one of call, inline,"
        + " asm-call, asm-goto (did you mean \"asm-call\"?)", e.format());
  }

  @Test
  void variantsExpandIntoOneScenarioEach() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"variants\": [{\"name\": \"a\"}, {\"name\": \"b\", \"set\": {\"kernel.smp\": false}}]"),
        List.of());
    assertEquals(2, s.size());
    assertEquals("t/b", s.get(1).label());
    assertTrue(!s.get(1).kernel().smp());
  }

  @Test
  void theCommandLineOverridesWhatAVariantSets() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"variants\": [{\"name\": \"a\"}, {\"name\": \"b\", \"set\": {\"kernel.smp\": false}}]"),
        List.of("kernel.smp=true"));
    assertTrue(s.get(0).kernel().smp());
    assertTrue(s.get(1).kernel().smp(), "the variant's kernel.smp=false must yield to --set");
  }

  @Test
  void anOverrideInsideAMachineGivenByNameKeepsTheModel() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD, ""),
        List.of("machine.costs.xchg.value=1"));
    var costs = s.get(0).machine().costs();
    assertEquals(1, costs.cyclesOf(org.locksim.cpu.Instr.XCHG));
    assertEquals(129.5, costs.cyclesOf(org.locksim.cpu.Instr.LOCK_CMPXCHG));
  }

  @Test
  void anOverrideInsideAVariantsMachineAppliesToThatMachine() {
    List<Scenario> s = loader.load("t.json", scenario("\"pentium4\"", OK_LOCKS, OK_WORKLOAD,
        ",\n  \"variants\": [{\"name\": \"p4\"}, {\"name\": \"p3\", \"set\": {\"machine\": \"pentium3\"}}]"),
        List.of("machine.costs.xchg.value=1"));
    assertEquals("pentium4", s.get(0).machine().name());
    assertEquals("pentium3", s.get(1).machine().name());
    assertEquals(1, s.get(1).machine().costs().cyclesOf(org.locksim.cpu.Instr.XCHG));
  }

  @Test
  void syntaxErrorsHaveALineAndColumn() {
    InputError e = reject("{\n  \"name\": \"t\",\n  \"machine\": pentium4\n}");
    assertEquals(3, e.line());
    assertTrue(e.column() > 0);
  }

  @Test
  void unknownLockParameterSuggestsTheRealOne() {
    InputError e = reject(scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"spin.mutex\", \"params\": {\"checkBeforeCAS\": true}}]",
        OK_WORKLOAD, ""));
    assertEquals(Optional.of("checkBeforeCas"), e.suggestion());
  }

  @Test
  void aChoiceWrittenAsANumberIsRejectedAsNotAString() {
    InputError e = reject(scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"rw.rwsem\", \"params\": {\"version\": 5.10}}]",
        OK_WORKLOAD, ""));
    assertEquals("$.locks[0].params.version", e.path());
    assertTrue(e.message().equals("expected a string, one of v5.12, v5.10, got 5.10"), e.format());
    InputError unknown = reject(scenario("\"pentium4\"",
        "[{\"name\": \"m\", \"algorithm\": \"rw.rwsem\", \"params\": {\"version\": \"5.10\"}}]",
        OK_WORKLOAD, ""));
    assertTrue(unknown.message().contains("\"5.10\""), unknown.format());
    assertEquals(Optional.of("v5.10"), unknown.suggestion());
  }

  /** A two-task contention workload on the 8-CPU amd64 with {@code affinity} on line 5. */
  private InputError rejectAffinity(String affinity) {
    return reject(scenario("\"amd64-2s4c\"", OK_LOCKS,
        "{\"type\": \"contention\", \"tasks\": 2, \"lock\": \"m\","
            + " \"critical\": {\"dist\": \"fixed\", \"ns\": 100},\n    \"affinity\": " + affinity + "}", ""));
  }

  @Test
  void anAffinityNamingACpuTheMachineLacksIsRejected() {
    InputError e = rejectAffinity("{\"cpus\": \"0-3,8\"}");
    assertEquals("$.workload.affinity.cpus", e.path());
    assertEquals(6, e.line());
    assertEquals(26, e.column());
    assertTrue(e.message().contains("CPU 8 is not on this machine, whose CPUs are 0-7"), e.format());
    InputError perTask = rejectAffinity("{\"perTask\": [\"0\", \"12\"]}");
    assertEquals("$.workload.affinity.perTask[1]", perTask.path());
  }

  @Test
  void anEmptyCpuListIsRejected() {
    InputError e = rejectAffinity("{\"cpus\": \" \"}");
    assertEquals("$.workload.affinity.cpus", e.path());
    assertTrue(e.message().startsWith("an empty CPU list"), e.format());
  }

  @Test
  void aMalformedCpuListSaysWhere() {
    InputError backwards = rejectAffinity("{\"cpus\": \"0,5-3\"}");
    assertEquals("$.workload.affinity.cpus", backwards.path());
    assertTrue(backwards.message().contains("the range 5-3 runs backwards at character 3"), backwards.format());
    InputError empty = rejectAffinity("{\"cpus\": \"0-3,,8\"}");
    assertTrue(empty.message().contains("an empty entry at character 5"), empty.format());
    InputError word = rejectAffinity("{\"cpus\": \"0-x\"}");
    assertTrue(word.message().contains("expected a CPU number, got \"x\" at character 3"), word.format());
    InputError number = rejectAffinity("{\"cpus\": 3}");
    assertTrue(number.message().contains("expected a CPU list as a string"), number.format());
  }

  @Test
  void anUnknownPolicySuggestsTheClosest() {
    InputError e = rejectAffinity("{\"policy\": \"spred\"}");
    assertEquals("$.workload.affinity.policy", e.path());
    assertEquals(Optional.of("spread"), e.suggestion());
  }

  @Test
  void aListPerTaskNeedsOneListPerTaskAndNoPolicy() {
    InputError count = rejectAffinity("{\"perTask\": [\"0\"]}");
    assertEquals("$.workload.affinity.perTask", count.path());
    assertTrue(count.message().contains("one CPU list per task (2), got 1"), count.format());
    InputError both = rejectAffinity("{\"perTask\": [\"0\", \"1\"], \"policy\": \"spread\"}");
    assertTrue(both.message().contains("not both"), both.format());
  }

  @Test
  void aPingPongNeedsNoLocks() {
    List<Scenario> s = loader.load("t.json", "{\"name\": \"pp\", \"machine\": \"amd64-2s4c\","
        + " \"workload\": {\"type\": \"pingpong\", \"affinity\": {\"perTask\": [\"0\", \"4\"]}}}",
        List.of());
    assertEquals(List.of(), s.get(0).locks());
  }
}
