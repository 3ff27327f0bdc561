package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: {@code sweep} and {@code compare} take how evenly the tasks got the lock as figures
 * ({@code fairness}, Jain's index; {@code topHalfShare}, Dice and Kogan's fairness factor), so
 * that a lock that starves tasks can be plotted against the thread count: a ticket lock serves
 * its tasks in turn, and 32 test-and-set tasks with the scenario's fixed times fall into a
 * rhythm in which some get the lock far more often than others (Jain's index 0.76, the top
 * half's share 0.69; 0.61 and 0.69 before a request whose line left its socket on the way was
 * sent on, and 0.32 and 1.00, half the tasks starved, before posted stores were ordered where
 * they reach their line). With random times the model's test-and-set is about as fair
 * as the ticket lock (docs/model.md, Not modelled). A workload that counts no task has no
 * figure ("-"), not a made-up one.
 */
class FairnessFigureTest {
  static final String SPIN = Path.of("..", "scenarios", "spinlocks-2s72t.json").toString();

  @Test
  void aTicketLockIsFairAndTestAndSetStarvesTasks(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("f.csv");
    Outcome o = MainTest.run("sweep", SPIN, "-q", "--set", "run.durationMs=2", "--vary",
        "workload.tasks=32", "--variant", "ticket", "--variant", "tas", "--figure",
        "fairness,topHalfShare", "-o", csv.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("Jain's fairness") && o.out().contains("top-half share"), o.out());
    List<String> rows = Files.readAllLines(csv);
    String[] head = rows.get(0).split(",");
    int jain = List.of(head).indexOf("fairness_mean");
    int top = List.of(head).indexOf("topHalfShare_mean");
    String[] ticket = rows.get(1).split(",");
    String[] tas = rows.get(2).split(",");
    assertTrue(Double.parseDouble(ticket[jain]) > 0.99, rows.toString());
    assertEquals(0.5, Double.parseDouble(ticket[top]), 0.01, rows.toString());
    assertTrue(Double.parseDouble(tas[jain]) < 0.8, rows.toString());
    assertTrue(Double.parseDouble(tas[top]) > 0.65, rows.toString());
  }

  /**
   * CNA keeps the lock on a socket; qspinlock hands it on in arrival order (numa-locks-4s). Over
   * 2 ms: 0.77 against 0.31 (in the first millisecond after the warm-up CNA's queue is still
   * sorting, 0.49 since a request whose line left its socket on the way is sent on, 0.68 before).
   */
  @Test
  void cnaKeepsMoreHandOffsOnASocketThanQspinlock(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("s.csv");
    Outcome o = MainTest.run("sweep", Path.of("..", "scenarios", "numa-locks-4s.json").toString(),
        "-q", "--set", "run.durationMs=2", "--vary", "workload.tasks=142", "--variant", "qspinlock",
        "--variant", "cna", "--figure", "sameSocket", "-o", csv.toString());
    assertEquals(0, o.status(), o.err());
    List<String> rows = Files.readAllLines(csv);
    int col = List.of(rows.get(0).split(",")).indexOf("sameSocket_mean");
    double stock = Double.parseDouble(rows.get(1).split(",")[col]);
    double cna = Double.parseDouble(rows.get(2).split(",")[col]);
    assertTrue(stock < 0.4 && cna > 0.6, rows.toString());
  }

  @Test
  void aWorkloadThatCountsNoTaskHasNoFairness() {
    Outcome o = MainTest.run("sweep", MainTest.V1, "-q", "--vary", "kernel.hz=100", "--variant",
        "sleep-smp", "--figure", "ops,fairness");
    assertEquals(0, o.status(), o.err());
    String row = o.out().lines().filter(l -> l.contains("sleep-smp")).findFirst().orElseThrow();
    assertTrue(row.strip().endsWith("-"), o.out());
  }
}
