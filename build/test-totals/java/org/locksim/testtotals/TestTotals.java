package org.locksim.testtotals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints one line per module when its tests are done, {@code sim-core: 412 tests, 0 failed,
 * 0 skipped}, so that {@code ./mvnw -q verify}, which keeps Maven's own summaries quiet, still
 * says how many tests ran. The build adds this folder to every module's test sources and
 * registers the listener through {@code META-INF/services}; tests themselves print nothing.
 */
public final class TestTotals implements TestExecutionListener {
  private final AtomicInteger run = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();
  private final AtomicInteger skipped = new AtomicInteger();

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (test.isTest()) {
      skipped.incrementAndGet();
    }
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest()) {
      run.incrementAndGet();
      if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
        failed.incrementAndGet();
      }
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    if (run.get() + skipped.get() > 0) {
      System.out.printf("%s: %d tests, %d failed, %d skipped%n",
          System.getProperty("locksim.module", "tests"), run.get(), failed.get(), skipped.get());
    }
  }
}
