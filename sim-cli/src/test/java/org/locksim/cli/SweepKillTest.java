package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.testing.ChildJvm;

/**
 * Why: the journal's promise is about a real kill, where no finally block runs and a line may
 * be half written: a {@code locksim sweep} child process is killed with SIGKILL once some runs
 * are journalled, and resuming it gives the bytes of an uninterrupted sweep.
 */
class SweepKillTest {
  static List<String> sweep(Path csv) {
    return new ArrayList<>(List.of("sweep", SweepResumeTest.V2, "--set", "run.warmupMs=0",
        "--set", "run.durationMs=2", "--vary", "workload.tasks=16,48", "--repeat", "25",
        "--figure", "ops,contextSwitches", "--jobs", "1", "--csv", csv.toString()));
  }

  @Test
  void aSweepKilledWithSigkillResumesToTheBytesOfAnUninterruptedOne(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path csv = dir.resolve("killed.csv");
    Path journal = dir.resolve("killed.csv.journal");
    List<String> cmd = new ArrayList<>(ChildJvm.command(Main.class.getName()));
    cmd.addAll(sweep(csv));
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("child.log").toFile()).start();
    // Wait for the header and five runs, then kill without warning.
    while (child.isAlive() && lines(journal) < 4 + 5) {
      Thread.sleep(5);
    }
    assertTrue(child.isAlive(), "the sweep ended before it could be killed: "
        + Files.readString(dir.resolve("child.log")));
    child.destroyForcibly();
    assertEquals(137, child.waitFor(), "killed by SIGKILL");
    assertFalse(Files.exists(csv));
    long journalled = lines(journal) - 4;
    assertTrue(journalled >= 5 && journalled < 100, "runs journalled: " + journalled);

    List<String> resume = sweep(csv);
    resume.add("--resume");
    MainTest.Outcome resumed = MainTest.run(resume.toArray(String[]::new));
    assertEquals(0, resumed.status(), resumed.err());
    assertTrue(resumed.err().contains("100 runs (" + journalled + " done before)"), resumed.err());

    Path whole = dir.resolve("whole.csv");
    MainTest.Outcome o = MainTest.run(sweep(whole).toArray(String[]::new));
    assertEquals(0, o.status(), o.err());
    assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(csv));
  }

  private static long lines(Path journal) throws IOException {
    if (!Files.exists(journal)) {
      return 0;
    }
    byte[] b = Files.readAllBytes(journal);
    long n = 0;
    for (byte x : b) {
      n += x == '\n' ? 1 : 0;
    }
    return n;
  }
}
