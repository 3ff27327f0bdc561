package org.locksim.ui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.concurrent.Task;

/**
 * Runs work that may take seconds (a scenario run, the statistics of a whole-run selection) on
 * a daemon thread, and hands its result or its failure back on the JavaFX thread.
 */
final class Background {
  private Background() { }

  static <T> void run(String name, Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
    Task<T> task = new Task<>() {
      @Override
      protected T call() throws Exception {
        return work.call();
      }
    };
    task.setOnSucceeded(e -> done.accept(task.getValue()));
    task.setOnFailed(e -> failed.accept(task.getException()));
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
  }
}
