package org.locksim.ui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.locksim.ui.view.TimelineView;

/**
 * {@code locksim-ui FILE --snapshot OUT.png}: opens the file as the window would, with no
 * display (JavaFX's Monocle headless platform and its software renderer), and writes the
 * window as a PNG: pictures for papers and checks in CI.
 */
final class SnapshotRun {
  /** How many pulses (frames) the window settles for before the picture. */
  private static final int SETTLE_PULSES = 4;

  private SnapshotRun() { }

  /**
   * Chooses the headless platform with a screen of {@code width} x {@code height} (Monocle's
   * default, 1280x800, overflows when a larger window is drawn on it); must run before JavaFX
   * starts.
   */
  static void useHeadlessPlatform(int width, int height) {
    System.setProperty("headless.geometry", width + "x" + height + "-32");
    System.setProperty("glass.platform", "Monocle");
    System.setProperty("monocle.platform", "Headless");
    System.setProperty("prism.order", "sw");
    System.setProperty("prism.text", "t2k");
    System.setProperty("java.awt.headless", "true");
  }

  /** Renders {@code args}' file to its snapshot; returns the exit status (0, 1 or 2). */
  static int render(AppArgs args, Plugins plugins) {
    AppArgs.Snapshot shot = args.snapshot();
    useHeadlessPlatform(shot.width(), shot.height());
    CompletableFuture<Void> done = new CompletableFuture<>();
    Platform.startup(() -> {
      try {
        Stage stage = new Stage();
        MainWindow window = new MainWindow(stage, plugins);
        stage.setScene(new Scene(window.root(), shot.width(), shot.height()));
        stage.show();
        window.alignAt(args.align());
        window.open(args.file(), args.variant(), args.compare(), args.seed(), args.sets())
            .whenComplete((v, err) -> Platform.runLater(() -> finish(window, shot, err, done)));
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
      }
    });
    try {
      done.get();
      System.err.println("locksim-ui: wrote " + shot.out());
      return 0;
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      System.err.println(c instanceof IllegalArgumentException ? c.getMessage()
          : "locksim-ui: " + shot.out() + ": " + c.getMessage());
      return c instanceof IllegalArgumentException ? 2 : 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } finally {
      Platform.exit();
    }
  }

  private static void finish(MainWindow window, AppArgs.Snapshot shot, Throwable err,
      CompletableFuture<Void> done) {
    try {
      if (err != null) {
        done.completeExceptionally(err instanceof java.util.concurrent.CompletionException
            ? err.getCause() : err);
        return;
      }
      window.timelines().forEach(TimelineView::awaitCounters);
      window.timelines().forEach(TimelineView::awaitLevelOfDetail);
      window.timelines().forEach(t -> t.readDetailInFrame(true));
      if (shot.fromPs() >= 0) {
        window.viewport().show(shot.fromPs(), shot.toPs());
      }
      // A few pulses let every control lay its text out at its final width before the picture.
      new AnimationTimer() {
        private int pulses;

        @Override
        public void handle(long now) {
          if (++pulses == SETTLE_PULSES) {
            stop();
            write(window, shot, done);
          }
        }
      }.start();
    } catch (RuntimeException e) {
      done.completeExceptionally(e);
    }
  }

  private static void write(MainWindow window, AppArgs.Snapshot shot, CompletableFuture<Void> done) {
    try {
      window.root().applyCss();
      window.root().layout();
      window.timelines().forEach(TimelineView::redraw);
      window.writePng(shot.out());
      window.closeAll();
      done.complete(null);
    } catch (java.io.IOException | RuntimeException e) {
      done.completeExceptionally(e);
    }
  }
}
