package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;
import org.locksim.plugin.PluginJar;

/**
 * Why: a researcher's lock comes in a jar through {@code --plugin}, and from there must work
 * like a bundled one: listed by {@code locks}, run by {@code run}, {@code sweep} and
 * {@code compare} with deterministic results, and checked by {@code check-lock}, which must
 * catch a broken lock with a seed and a smaller run. A bad jar is bad input: exit 2 and one
 * line naming the jar and the class, never a stack trace. The jars are built here from sources:
 * the worked example of docs/extending.md (examples/clh-lock) and the broken plugins under
 * src/test/plugins.
 */
class PluginCommandsTest {
  @TempDir
  static Path dir;
  static String clh;
  static String broken;
  static final String SCENARIO = Path.of("..", "examples", "clh-lock", "clh-vs-mcs.json").toString();

  @BeforeAll
  static void buildJars() throws IOException {
    Path example = Path.of("..", "examples", "clh-lock", "src", "main");
    clh = PluginJar.build(example.resolve("java"), example.resolve("resources"), dir.resolve("clh.jar")).toString();
    broken = plugin("broken-locks");
  }

  private static String plugin(String name) throws IOException {
    return PluginJar.build(Path.of("src", "test", "plugins", name), dir.resolve(name + ".jar")).toString();
  }

  private static void assertOneLineNaming(Outcome o, String jar, String what) {
    assertEquals(2, o.status(), o.err());
    assertEquals(1, o.err().lines().count(), o.err());
    assertTrue(o.err().startsWith("locksim: " + jar + ": "), o.err());
    assertTrue(o.err().contains(what), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void listsThePluginsAlgorithmsBesideTheBundledOnes() {
    Outcome o = MainTest.run("locks", "--plugin", clh);
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("queued.mcs "), o.out());
    assertTrue(o.out().lines().anyMatch(l -> l.startsWith("example.clh ") && l.endsWith("(from " + clh + ")")), o.out());
  }

  @Test
  void runsThePluginsLockDeterministically() {
    Outcome a = MainTest.run("run", SCENARIO, "--plugin", clh, "--variant", "clh");
    Outcome b = MainTest.run("run", SCENARIO, "--plugin", clh, "--variant", "clh");
    assertEquals(0, a.status(), a.err());
    assertTrue(a.out().contains("in clh_lock"), a.out());
    assertEquals(a.out(), b.out());
  }

  @Test
  void sweepsAndComparesThePluginsLock() {
    Outcome s = MainTest.run("sweep", SCENARIO, "--plugin", clh, "--vary", "workload.writers=2,4", "--jobs", "1");
    assertEquals(0, s.status(), s.err());
    assertTrue(s.out().contains("clh"), s.out());
    Outcome c = MainTest.run("compare", SCENARIO, "--plugin", clh, "--repeat", "2", "--metric", "ops");
    assertEquals(0, c.status(), c.err());
    assertTrue(c.out().contains("clh-vs-mcs/clh"), c.out());
  }

  @Test
  void withoutThePluginTheScenarioIsBadInput() {
    Outcome o = MainTest.run("run", SCENARIO, "--variant", "clh");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("unknown lock algorithm \"example.clh\""), o.err());
  }

  @Test
  void theExampleKeepsEveryPromise() {
    Outcome o = MainTest.run("check-lock", "example.clh", "--plugin", clh);
    assertEquals(0, o.status(), o.out() + o.err());
    assertTrue(o.out().contains("example.clh (from " + clh + "): kept every promise"), o.out());
    assertTrue(o.out().contains("on 144 CPUs"), o.out());
  }

  @Test
  void checkLockCatchesALockWithoutItsAtomic() {
    Outcome o = MainTest.run("check-lock", "test.racy-tas", "--plugin", broken);
    assertEquals(CheckLockCommand.FAILED, o.status(), o.out() + o.err());
    assertTrue(o.out().contains("mutual exclusion: at "), o.out());
    assertTrue(o.out().contains("seed 20240324"), o.out());
    assertTrue(o.out().contains("smallest run that breaks mutual exclusion: one task per CPU, 2 CPUs"), o.out());
  }

  @Test
  void checkLockCatchesALostWakeup() {
    Outcome o = MainTest.run("check-lock", "test.unchecked-sleep", "--plugin", broken);
    assertEquals(CheckLockCommand.FAILED, o.status(), o.out() + o.err());
    assertTrue(o.out().contains("no lost wakeup: lost wakeup"), o.out());
  }

  @Test
  void checkLockReportsASeedThatReproduces() {
    Outcome a = MainTest.run("check-lock", "test.unchecked-sleep", "--plugin", broken, "--seed", "7");
    Outcome b = MainTest.run("check-lock", "test.unchecked-sleep", "--plugin", broken, "--seed", "7");
    assertTrue(a.out().contains("seed 7"), a.out());
    assertEquals(a.out(), b.out());
  }

  @Test
  void aMissingJarIsBadInput() {
    String jar = dir.resolve("nowhere.jar").toString();
    assertOneLineNaming(MainTest.run("locks", "--plugin", jar), jar, "no such file");
  }

  @Test
  void aFileThatIsNotAJarIsBadInput() {
    assertOneLineNaming(MainTest.run("locks", "--plugin", SCENARIO), SCENARIO, "not a jar file");
  }

  @Test
  void aJarWithoutTheServiceFileIsBadInput() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("no-resources"));
    String jar = PluginJar.build(Path.of("src", "test", "plugins", "clashing-name"), empty,
        dir.resolve("no-service.jar")).toString();
    assertOneLineNaming(MainTest.run("run", SCENARIO, "--plugin", jar), jar,
        "not a locksim plugin: the jar has no META-INF/services/org.locksim.lock.LockProvider");
  }

  @Test
  void aNameTakenByABundledAlgorithmIsBadInput() throws IOException {
    String jar = plugin("clashing-name");
    assertOneLineNaming(MainTest.run("sweep", SCENARIO, "--plugin", jar, "--vary", "workload.writers=2"),
        jar, "org.locksim.testplugins.clashing.MyTas: the name spin.tas of "
            + "org.locksim.testplugins.clashing.MyTas$Lock is taken by org.locksim.lock.spin.TasLock (bundled)");
  }

  @Test
  void aProviderWhoseConstructorThrowsIsBadInput() throws IOException {
    String jar = plugin("throwing-provider");
    assertOneLineNaming(MainTest.run("compare", SCENARIO, "--plugin", jar, "--repeat", "2"), jar,
        "org.locksim.testplugins.throwing.ThrowingProvider: cannot be made: IllegalStateException: no configuration");
  }

  @Test
  void aPluginThatUsesLocksimsInternalsIsBadInput() throws IOException {
    String jar = plugin("internal-user");
    assertOneLineNaming(MainTest.run("locks", "--plugin", jar), jar,
        "org.locksim.testplugins.internal.PeekingProvider uses org.locksim.engine.Simulation, which is"
            + " internal to locksim");
  }

  @Test
  void aProviderWhoseRegisterThrowsIsBadInput() throws IOException {
    String jar = plugin("throwing-register");
    assertOneLineNaming(MainTest.run("locks", "--plugin", jar), jar,
        "org.locksim.testplugins.register.NullRegistrar: register threw NullPointerException");
  }

  @Test
  void aServiceFileNamingAClassTheJarLacksIsBadInput() throws IOException {
    Path services = Files.createDirectories(dir.resolve("missing-class/META-INF/services"));
    Files.writeString(services.resolve("org.locksim.lock.LockProvider"), "org.nowhere.Missing\n");
    String jar = PluginJar.build(Path.of("src", "test", "plugins", "clashing-name"), dir.resolve("missing-class"),
        dir.resolve("missing-class.jar")).toString();
    assertOneLineNaming(MainTest.run("locks", "--plugin", jar), jar, "org.nowhere.Missing");
  }

  @Test
  void aPluginThatCallsAKernelMethodOutsideThePrimitivesIsBadInput() throws IOException {
    String jar = plugin("kernel-internals");
    assertOneLineNaming(MainTest.run("locks", "--plugin", jar), jar,
        "org.locksim.testplugins.kernel.CountingLock calls org.locksim.sched.Kernel.countOp, which is"
            + " not a lock primitive");
  }

  @Test
  void aLockThatThrowsInTheMiddleOfARunIsBadInput() {
    assertOneLineNaming(MainTest.run("check-lock", "test.throws-mid-run", "--plugin", broken), broken,
        "org.locksim.testplugins.broken.MidRunThrower.step threw IllegalStateException: pc 0");
  }

  @Test
  void aLockWhoseConstructorThrowsIsBadInput() {
    assertOneLineNaming(MainTest.run("check-lock", "test.throws", "--plugin", broken), broken,
        "org.locksim.testplugins.broken.ThrowingLock: making lock \"probe\" threw ArithmeticException: / by zero");
  }
}
