package org.locksim.bench.frame;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.TimelineView;

/**
 * The heap the desktop app's timeline keeps with a trace open: one {@link TimelineView} of
 * {@link FrameBench}'s size over a trace of {@link FrameTraces} (about 100 million records
 * unless an argument says otherwise), with its counter tracks shown and read, its
 * level-of-detail index built, a whole-run frame drawn and then {@link FrameBench}'s gap view
 * (100 ms in the middle of the run) drawn once its lanes were read in the background. Prints
 * the heap in use after a full collection before the trace was opened and after all this, and
 * the difference, in MB. It is the view's heap, not the whole window's (no side pane, no
 * replay). Run from the project's root, after packaging the benchmarks:
 * {@code java -Xmx4g -cp sim-bench/target/benchmarks.jar org.locksim.bench.frame.FrameHeap [RECORDS]}.
 */
public final class FrameHeap {
  private FrameHeap() { }

  public static void main(String[] args) throws Exception {
    long records = args.length > 0 ? Long.parseLong(args[0]) : 100_000_000L;
    HeadlessFx.start();
    long before = usedAfterGc();
    TraceFile trace = FrameTraces.about(records);
    TimelineView[] view = new TimelineView[1];
    HeadlessFx.onFx(() -> {
      Viewport viewport = new Viewport(trace.startPs(), trace.endPs());
      view[0] = new TimelineView(trace, viewport);
      new Scene(view[0], FrameBench.WIDTH, FrameBench.HEIGHT);
      view[0].applyCss();
      view[0].resize(FrameBench.WIDTH, FrameBench.HEIGHT);
      view[0].layout();
      view[0].showCounters(true);
      view[0].awaitCounters();
      view[0].awaitLevelOfDetail();
      viewport.fit();
      long mid = trace.startPs() + (trace.endPs() - trace.startPs()) / 2;
      viewport.show(mid - FrameBench.GAP_PS / 2, mid + FrameBench.GAP_PS / 2);
      return null;
    });
    // The gap view's lanes are read in the background; the note says so until they are in.
    for (int i = 0; i < 600 && HeadlessFx.onFx(() -> view[0].noteProperty().get()).startsWith("reading"); i++) {
      Thread.sleep(100);
    }
    String note = HeadlessFx.onFx(() -> view[0].noteProperty().get());
    long after = usedAfterGc();
    System.out.printf("%,d records, max heap %,d MB; gap view's note: %s%n", trace.recordCount(),
        Runtime.getRuntime().maxMemory() >> 20, note.isEmpty() ? "(none)" : note);
    System.out.printf("heap in use after a full collection: %,d MB before opening, %,d MB with"
        + " the view open, %,d MB for the view%n", before >> 20, after >> 20, (after - before) >> 20);
    HeadlessFx.onFx(() -> {
      view[0].dispose();
      return null;
    });
    Platform.exit();
    trace.close();
  }

  private static long usedAfterGc() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
