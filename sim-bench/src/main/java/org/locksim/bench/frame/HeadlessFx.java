package org.locksim.bench.frame;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import javafx.application.Platform;

/** The JavaFX platform on Monocle's headless screen with software rendering, for the frame benchmarks. */
final class HeadlessFx {
  private HeadlessFx() { }

  /** Starts the platform headless; returns when it runs. */
  static void start() throws Exception {
    System.setProperty("glass.platform", "Monocle");
    System.setProperty("monocle.platform", "Headless");
    System.setProperty("prism.order", "sw");
    System.setProperty("prism.text", "t2k");
    CompletableFuture<Void> started = new CompletableFuture<>();
    Platform.startup(() -> started.complete(null));
    started.get();
  }

  /** Runs {@code work} on the JavaFX thread and returns its result, or throws what it threw. */
  static <T> T onFx(Callable<T> work) throws Exception {
    FutureTask<T> task = new FutureTask<>(work);
    Platform.runLater(task);
    try {
      return task.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ex ? ex : e;
    }
  }
}
