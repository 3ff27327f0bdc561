package org.locksim.cli.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Why: progress lines go to logs of runs that take hours; they must come no more often than
 * asked, say how far the command is and how long is left, and not count a resumed sweep's old
 * runs as speed. The clock is the test's, so nothing here depends on the machine's speed.
 */
class LineProgressTest {
  static final long S = 1_000_000_000L;

  @Test
  void aLineAtMostOncePerIntervalWithTheTimeLeft() {
    StringWriter text = new StringWriter();
    AtomicLong now = new AtomicLong(100 * S);
    LineProgress p = new LineProgress(new PrintWriter(text), "sweep", 10, "runs", 0, now::get, 5 * S);
    now.addAndGet(2 * S);
    p.step();
    assertEquals("", text.toString(), "not before the interval");
    now.addAndGet(4 * S);
    p.step();
    now.addAndGet(1 * S);
    p.step();
    assertEquals("locksim: sweep: 2 of 10 runs done (20%), about 24s left\n", text.toString());
  }

  @Test
  void runsDoneBeforeCountAsDoneButNotAsSpeed() {
    StringWriter text = new StringWriter();
    AtomicLong now = new AtomicLong();
    LineProgress p = new LineProgress(new PrintWriter(text), "sweep", 100, "runs", 90, now::get, 0);
    now.addAndGet(60 * S);
    p.stepTo(95);
    assertEquals("locksim: sweep: 95 of 100 runs done (95%), about 1m 00s left\n", text.toString());
  }

  @Test
  void theLastStepPrintsNothingForTheResultsFollow() {
    StringWriter text = new StringWriter();
    AtomicLong now = new AtomicLong();
    LineProgress p = new LineProgress(new PrintWriter(text), "run", 1, "runs", 0, now::get, 0);
    now.addAndGet(S);
    p.step();
    p.close();
    assertEquals("", text.toString());
  }

  @Test
  void durationsReadAsPeopleWriteThem() {
    assertEquals("45s", LineProgress.duration(45.2 * S));
    assertEquals("2m 05s", LineProgress.duration(125 * S));
    assertEquals("1h 02m", LineProgress.duration(3720 * S));
  }
}
