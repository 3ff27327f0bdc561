package org.locksim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locksim.report.lockstat.LockStatFormat;
import org.locksim.run.RunResult;
import org.locksim.run.Simulator;
import org.locksim.run.record.FoldedRecorder;
import org.locksim.run.record.Recorded;
import org.locksim.scenario.Scenario;

/**
 * Why: the lock_stat table (with its locksim extras) and the folded stacks of a small
 * contention run are pinned, so that a change to the model or to the recorders that shifts spins,
 * sleeps, bounces, transfers or stack shares shows up as a reviewed diff. Regenerate with
 * {@code -Dlocksim.golden.update=true} after a deliberate change, as for {@link GoldenOutputTest}.
 */
class OutputGoldenTest {
  static final Path GOLDEN = Path.of("src", "test", "resources", "golden-outputs");
  static RunResult result;
  static FoldedRecorder folded;

  @BeforeAll
  static void run() {
    Scenario s = Recorded.small();
    folded = new FoldedRecorder();
    result = Simulator.run(s, s.run().seed(), folded);
  }

  static void assertGolden(String name, String got) throws IOException {
    Path golden = GOLDEN.resolve(name);
    if (Boolean.getBoolean("locksim.golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, got, StandardCharsets.UTF_8);
    }
    assertTrue(Files.exists(golden), "no golden file " + golden
        + "; run with -Dlocksim.golden.update=true to create it");
    assertEquals(Files.readString(golden, StandardCharsets.UTF_8), got, name);
  }

  @Test
  void lockStatTableMatchesTheGoldenFile() throws IOException {
    assertGolden("contention-small.lock_stat.txt", LockStatFormat.formatExtended(result.locks()));
  }

  @Test
  void onCpuFoldedStacksMatchTheGoldenFile() throws IOException {
    assertGolden("contention-small.folded", folded.onCpu().format());
  }

  @Test
  void offCpuFoldedStacksMatchTheGoldenFile() throws IOException {
    assertGolden("contention-small.offcpu.folded", folded.offCpu().format());
  }
}
