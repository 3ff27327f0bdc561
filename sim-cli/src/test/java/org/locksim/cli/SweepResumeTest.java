package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.sweep.SweepRunner;

/**
 * Why: a sweep of thousands of runs is killed sooner or later; resuming it must give the very
 * bytes an uninterrupted sweep writes, and must refuse a journal that belongs to another sweep
 * instead of mixing two sweeps in one table.
 */
class SweepResumeTest {
  static final String V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString();

  static List<String> sweep(Path csv, String... more) {
    List<String> a = new ArrayList<>(List.of("sweep", V2, "--set", "run.warmupMs=0",
        "--set", "run.durationMs=2", "--vary", "workload.tasks=16,48", "--repeat", "3",
        "--figure", "ops,contextSwitches", "--csv", csv.toString()));
    a.addAll(Arrays.asList(more));
    return a;
  }

  static MainTest.Outcome run(List<String> args, SweepBackend backend) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Main.execute(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), backend);
    return new MainTest.Outcome(rc, out.toString(), err.toString());
  }

  /** The local backend, failing as a kill would after {@code runs} runs are journalled. */
  static SweepBackend dyingAfter(int runs) {
    return new SweepBackend() {
      @Override
      public String describe(SweepPlan plan) {
        return "dies after " + runs;
      }

      @Override
      public double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress) {
        AtomicInteger left = new AtomicInteger(runs);
        return SweepBackend.LOCAL.run(plan, (p, r, f) -> {
          if (left.getAndDecrement() <= 0) {
            throw new IllegalStateException("killed");
          }
          finished.finished(p, r, f);
        }, progress);
      }
    };
  }

  static byte[] uninterrupted(Path dir) throws IOException {
    Path csv = dir.resolve("whole.csv");
    MainTest.Outcome o = run(sweep(csv, "--jobs", "1"), SweepBackend.LOCAL);
    assertEquals(0, o.status(), o.err());
    assertFalse(Files.exists(dir.resolve("whole.csv.journal")), "the journal goes once the CSV is written");
    return Files.readAllBytes(csv);
  }

  @Test
  void aResumedSweepWritesTheBytesOfAnUninterruptedOneAndRunsOnlyWhatIsMissing(@TempDir Path dir)
      throws IOException {
    byte[] whole = uninterrupted(dir);
    Path csv = dir.resolve("part.csv");
    Path journal = dir.resolve("part.csv.journal");
    MainTest.Outcome killed = run(sweep(csv, "--jobs", "1"), dyingAfter(5));
    assertEquals(1, killed.status(), killed.err());
    assertFalse(Files.exists(csv));
    // The kill came in the middle of writing the fifth line: half of it is on the disk.
    byte[] j = Files.readAllBytes(journal);
    Files.write(journal, Arrays.copyOf(j, j.length - 4));
    AtomicInteger ran = new AtomicInteger();
    SweepBackend counting = new SweepBackend() {
      @Override
      public String describe(SweepPlan plan) {
        return "counting";
      }

      @Override
      public double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress) {
        return SweepBackend.LOCAL.run(plan, (p, r, f) -> {
          ran.incrementAndGet();
          finished.finished(p, r, f);
        }, progress);
      }
    };
    MainTest.Outcome resumed = run(sweep(csv, "--jobs", "2", "--resume"), counting);
    assertEquals(0, resumed.status(), resumed.err());
    assertTrue(resumed.err().contains("12 runs (4 done before)"), resumed.err());
    assertEquals(8, ran.get(), "the four whole lines are not run again, the half line is");
    assertArrayEquals(whole, Files.readAllBytes(csv));
    assertFalse(Files.exists(journal));
  }

  @Test
  void oneAndTwoWorkersWriteTheSameBytes(@TempDir Path dir) throws IOException {
    byte[] one = uninterrupted(dir);
    Path csv = dir.resolve("two.csv");
    assertEquals(0, run(sweep(csv, "--jobs", "2"), SweepBackend.LOCAL).status());
    assertArrayEquals(one, Files.readAllBytes(csv));
  }

  @Test
  void aJournalOfOtherArgumentsIsRefusedWithTwoAndKept(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("out.csv");
    Path journal = dir.resolve("out.csv.journal");
    assertEquals(1, run(sweep(csv), dyingAfter(3)).status());
    byte[] kept = Files.readAllBytes(journal);
    List<String> other = sweep(csv, "--resume");
    other.set(other.indexOf("3"), "4"); // --repeat 4
    MainTest.Outcome o = run(other, SweepBackend.LOCAL);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("out.csv.journal:2:1: the journal is of a sweep with other arguments"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
    assertArrayEquals(kept, Files.readAllBytes(journal), "nothing finished is lost");
    // Without --resume the journal is not started over either.
    o = run(sweep(csv), SweepBackend.LOCAL);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("add --resume to continue it"), o.err());
    assertArrayEquals(kept, Files.readAllBytes(journal));
  }

  @Test
  void aJournalOfAnEditedScenarioIsRefused(@TempDir Path dir) throws IOException {
    Path scenario = dir.resolve("v2.json");
    Files.copy(Path.of(V2), scenario);
    Path csv = dir.resolve("out.csv");
    List<String> args = sweep(csv);
    args.set(1, scenario.toString());
    assertEquals(1, run(args, dyingAfter(2)).status());
    Files.writeString(scenario, Files.readString(scenario) + "\n");
    MainTest.Outcome o = run(withResume(args), SweepBackend.LOCAL);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("out.csv.journal:3:1: the journal is of another version of the scenario"), o.err());
  }

  @Test
  void resumeWithoutAJournalOrACsvIsBadInput(@TempDir Path dir) {
    MainTest.Outcome o = run(sweep(dir.resolve("out.csv"), "--resume"), SweepBackend.LOCAL);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("out.csv.journal: no journal to resume from"), o.err());
    o = MainTest.run("sweep", V2, "--vary", "workload.tasks=16", "--resume");
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("--resume:1:1: --resume continues the sweep whose journal is beside"), o.err());
  }

  static List<String> withResume(List<String> args) {
    List<String> a = new ArrayList<>(args);
    a.add("--resume");
    return a;
  }
}
