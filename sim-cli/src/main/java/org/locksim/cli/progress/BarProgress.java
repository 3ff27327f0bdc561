package org.locksim.cli.progress;

import java.io.PrintStream;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress for a terminal: the progressbar library's bar on standard error, redrawn each
 * second in place, with the elapsed time and its estimate of the time left. Units done before
 * the command started (a resumed sweep's) count as done but not in the estimate's speed.
 */
final class BarProgress implements Progress {
  private final ProgressBar bar;

  BarProgress(PrintStream err, String task, long total, String unit, long initial) {
    this.bar = new ProgressBarBuilder()
        .setTaskName(task)
        .setInitialMax(total)
        .setUnit(" " + unit, 1)
        .setStyle(ProgressBarStyle.UNICODE_BLOCK)
        .setConsumer(new ConsoleProgressBarConsumer(err))
        .setUpdateIntervalMillis(1000)
        .startsFrom(initial, Duration.ZERO)
        .build();
  }

  @Override
  public void stepTo(long done) {
    synchronized (bar) {
      if (done > bar.getCurrent()) {
        bar.stepTo(done);
      }
    }
  }

  @Override
  public void step() {
    bar.step();
  }

  @Override
  public void close() {
    bar.close();
  }
}
