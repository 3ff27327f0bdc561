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
 * Why: the claim a queue lock is built on is a constant number of remote references per
 * acquisition, where a ticket lock's waiters all re-read the line at every hand-off
 * (Mellor-Crummey and Scott, ACM TOCS 9(1), 1991). {@code sweep} and {@code compare} take it
 * as the figure {@code transfersPerOp}, every cache line of the machine counted, so that it can
 * be read off a sweep over the thread count: flat for MCS, growing with the waiters for the
 * ticket lock.
 */
class TransfersFigureTest {
  @Test
  void mcsMovesAsManyLinesPerOperationAt32TasksAsAt8AndTheTicketLockMore(@TempDir Path dir)
      throws IOException {
    Path csv = dir.resolve("t.csv");
    Outcome o = MainTest.run("sweep", FairnessFigureTest.SPIN, "-q", "--set", "run.durationMs=1",
        "--vary", "workload.tasks=8,32", "--variant", "ticket", "--variant", "mcs", "--figure",
        "transfersPerOp", "-o", csv.toString());
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().contains("line transfers/op"), o.out());
    List<String> rows = Files.readAllLines(csv);
    int col = List.of(rows.get(0).split(",")).indexOf("transfersPerOp_mean");
    double ticket8 = Double.parseDouble(rows.get(1).split(",")[col]);
    double mcs8 = Double.parseDouble(rows.get(2).split(",")[col]);
    double ticket32 = Double.parseDouble(rows.get(3).split(",")[col]);
    double mcs32 = Double.parseDouble(rows.get(4).split(",")[col]);
    assertEquals(mcs8, mcs32, 0.1 * mcs8, rows.toString());
    assertTrue(ticket32 > 2 * ticket8 && ticket32 > 4 * mcs32, rows.toString());
  }
}
