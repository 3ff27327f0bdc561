package org.locksim.spark;

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
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.Main;
import org.locksim.cli.SweepBackend;
import org.locksim.cli.SweepPlan;
import org.locksim.plugin.PluginJar;
import org.locksim.sweep.SweepRunner;

/**
 * Why: a sweep spread over a cluster is worth nothing if its table differs from the one a
 * laptop prints: the Spark job's CSV must be the local sweep's, byte for byte, for one task per
 * run and for runs grouped in a few partitions, and it must resume a journal the local sweep
 * left. One Spark context on {@code local[2]} serves every test (it takes seconds to start).
 */
class SparkSweepTest {
  static final String V2 = Path.of("..", "scenarios", "v2-linux-adaptive-spin.json").toString();
  static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkSweepTest")
        .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1"));
  }

  @AfterAll
  static void stop() {
    sc.stop();
  }

  static SweepBackend spark(Integer partitions) {
    return new SparkSweeps(() -> sc, "local[2]", partitions);
  }

  static List<String> sweep(Path csv, String... more) {
    List<String> a = new ArrayList<>(List.of("sweep", V2, "--set", "run.warmupMs=0",
        "--set", "run.durationMs=2", "--vary", "workload.tasks=16,48", "--repeat", "3",
        "--figure", "ops,contextSwitches", "--csv", csv.toString()));
    a.addAll(List.of(more));
    return a;
  }

  static String run(List<String> args, SweepBackend backend, int status) {
    StringWriter err = new StringWriter();
    int rc = Main.execute(args.toArray(String[]::new), new PrintWriter(new StringWriter()),
        new PrintWriter(err), backend);
    assertEquals(status, rc, err.toString());
    return err.toString();
  }

  @Test
  void theCsvIsTheLocalSweepsWhateverThePartitioning(@TempDir Path dir) throws IOException {
    Path local = dir.resolve("local.csv");
    run(sweep(local, "--jobs", "2"), SweepBackend.LOCAL, 0);
    Path perRun = dir.resolve("per-run.csv");
    String err = run(sweep(perRun), spark(null), 0);
    assertTrue(err.contains("12 runs, Spark master local[2], one task per run"), err);
    assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(perRun));
    Path three = dir.resolve("three.csv");
    run(sweep(three), spark(3), 0);
    assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(three));
    assertFalse(Files.exists(dir.resolve("three.csv.journal")));
  }

  /*
   * Why: a lock a researcher wrote in a plugin jar must sweep on the cluster as on the laptop;
   * the executors load the jar from the bytes the driver broadcasts, not from its disk.
   */
  @Test
  void aPluginsLockSweepsOnSparkAsLocally(@TempDir Path dir) throws IOException {
    Path example = Path.of("..", "examples", "clh-lock", "src", "main");
    Path jar = PluginJar.build(example.resolve("java"), example.resolve("resources"),
        dir.resolve("clh.jar"));
    String scenario = Path.of("..", "examples", "clh-lock", "clh-vs-mcs.json").toString();
    List<String> args = new ArrayList<>(List.of("sweep", scenario, "--plugin", jar.toString(),
        "--set", "run.warmupMs=0", "--set", "run.durationMs=1", "--vary", "workload.writers=4,8",
        "--figure", "ops"));
    Path local = dir.resolve("local.csv");
    Path cluster = dir.resolve("spark.csv");
    run(with(args, "--csv", local.toString(), "--jobs", "2"), SweepBackend.LOCAL, 0);
    run(with(args, "--csv", cluster.toString()), spark(2), 0);
    String csv = Files.readString(cluster);
    assertTrue(csv.contains(",clh,"), csv);
    assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(cluster));
  }

  static List<String> with(List<String> args, String... more) {
    List<String> a = new ArrayList<>(args);
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void itResumesTheJournalOfAKilledLocalSweep(@TempDir Path dir) throws IOException {
    Path whole = dir.resolve("whole.csv");
    run(sweep(whole, "--jobs", "1"), SweepBackend.LOCAL, 0);
    Path csv = dir.resolve("resumed.csv");
    run(sweep(csv, "--jobs", "1"), dying(SweepBackend.LOCAL, 5), 1);
    AtomicInteger ran = new AtomicInteger();
    String err = run(sweep(csv, "--resume"), counting(spark(2), ran), 0);
    assertTrue(err.contains("12 runs (5 done before)"), err);
    assertEquals(7, ran.get(), "Spark runs only what the journal lacks");
    assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(csv));
  }

  @Test
  void badInputIsReportedWithoutAskingSparkForAnything(@TempDir Path dir) {
    SweepBackend untouchable = new SparkSweeps(() -> {
      throw new AssertionError("Spark was asked for a context");
    }, "spark://nowhere:7077", null);
    String err = run(sweep(dir.resolve("none.csv"), "--resume"), untouchable, 2);
    assertTrue(err.contains("none.csv.journal: no journal to resume from"), err);
    err = run(List.of("sweep", V2, "--vary", "kernel.spinRelease=xchg,stor"), untouchable, 2);
    assertTrue(err.contains("--vary:1:25:"), err);
  }

  static SweepBackend dying(SweepBackend inner, int runs) {
    AtomicInteger left = new AtomicInteger(runs);
    return wrap(inner, (p, r, f) -> {
      if (left.getAndDecrement() <= 0) {
        throw new IllegalStateException("killed");
      }
    });
  }

  static SweepBackend counting(SweepBackend inner, AtomicInteger ran) {
    return wrap(inner, (p, r, f) -> ran.incrementAndGet());
  }

  /** {@code inner}, with {@code before} hearing of each run before the journal does. */
  static SweepBackend wrap(SweepBackend inner, SweepRunner.Finished before) {
    return new SweepBackend() {
      @Override
      public String describe(SweepPlan plan) {
        return inner.describe(plan);
      }

      @Override
      public double[][][] run(SweepPlan plan, SweepRunner.Finished finished, SweepRunner.Progress progress) {
        return inner.run(plan, (p, r, f) -> {
          before.finished(p, r, f);
          finished.finished(p, r, f);
        }, progress);
      }
    };
  }
}
