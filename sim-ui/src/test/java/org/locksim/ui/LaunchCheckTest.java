package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.run.record.TraceRun;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;
import org.locksim.ui.fixture.LauncherProcess;
import org.locksim.ui.fixture.LauncherProcess.Result;

/**
 * Why: {@code locksim-ui --set PATH=VALUE} must apply overrides as {@code locksim run --set}
 * does, with the same loader, so a bad path or value is the command line's one-line message
 * and exit 2, before any window opens; so is an {@code --align} event that the two traces
 * lack. Runs the launcher in its own JVM with no display, as a user does: without the checks
 * the launcher would say instead that there is no display.
 */
class LaunchCheckTest {
  private static final String V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString();

  @TempDir
  static Path dir;
  static Path traceA;
  static Path traceB;

  @BeforeAll
  static void recordTraces() throws IOException {
    var v2 = ScenarioLoader.standard().load(Path.of(V2), List.of("run.warmupMs=0", "run.durationMs=1"));
    traceA = TraceRun.record(v2.get(0), 1, dir.resolve("a.lst")).file();
    traceB = TraceRun.record(v2.get(1), 1, dir.resolve("b.lst")).file();
  }

  private static Result run(String... args) throws IOException, InterruptedException {
    return LauncherProcess.run(dir, args);
  }


  /** What {@code locksim run V2 --set ...} prints for {@code sets}: the loader's own message. */
  private static String cliMessage(String... sets) {
    InputError e = assertThrows(InputError.class,
        () -> ScenarioLoader.standard().load(Path.of(V2), List.of(sets)));
    return "locksim: " + e.format();
  }

  private static void assertOneLine(Result r, String expected) {
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertEquals(expected, r.err().strip());
  }

  @Test
  void aMisspeltPathIsTheCommandLinesMessage() throws Exception {
    Result r = run(V2, "--set", "run.warmupMs=0", "--set", "workload.taks=8");
    assertOneLine(r, cliMessage("run.warmupMs=0", "workload.taks=8"));
    assertTrue(r.err().startsWith("locksim: --set:1:"), r.err());
    assertTrue(r.err().contains("(did you mean \"tasks\"?)"), r.err());
  }

  @Test
  void aBadValueIsTheCommandLinesMessage() throws Exception {
    Result r = run(V2, "--set", "workload.tasks=many");
    assertOneLine(r, cliMessage("workload.tasks=many"));
    assertTrue(r.err().contains("$.workload.tasks"), r.err());
  }

  @Test
  void aMalformedAssignmentIsTheCommandLinesMessage() throws Exception {
    assertOneLine(run(V2, "--set", "workload.tasks"), "locksim: --set:1:1: malformed --set"
        + " \"workload.tasks\"; expected path=value, e.g. workload.tasks=64");
  }

  @Test
  void goodOverridesPassTheCheckAndReachTheDisplayCheck() throws Exception {
    Result r = run(V2, "--set", "run.durationMs=1", "--variant", "owner-spin");
    assertEquals(2, r.status(), r.err());
    assertTrue(r.err().startsWith("locksim-ui: no display"), r.err());
  }

  @Test
  void aVariantTheScenarioLacksIsOneLineBeforeAnyWindow() throws Exception {
    assertOneLine(run(V2, "--compare", "owner-spinn"), "locksim: --compare: no variant"
        + " 'owner-spinn' (did you mean 'owner-spin'?); the scenario has no-owner-spin, owner-spin");
  }

  @Test
  void anAlignmentAtALockTheTracesLackIsOneLineBeforeAnyWindow() throws Exception {
    Result r = run(traceA.toString(), "--compare", traceB.toString(), "--align", "acquire:i_mutx");
    assertOneLine(r, "locksim: --align acquire:i_mutx: v2-linux-adaptive-spin/no-owner-spin, seed 1"
        + " (a.lst) has no lock 'i_mutx' (did you mean 'i_mutex'?); its locks: i_mutex");
    Result good = run(traceA.toString(), "--compare", traceB.toString(), "--align", "acquire:i_mutex");
    assertTrue(good.err().startsWith("locksim-ui: no display"), good.err());
    assertFalse(good.err().contains("Exception"), good.err());
  }
}
