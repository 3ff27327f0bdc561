package org.locksim.bench.frame;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.locksim.trace.TraceFile;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.TimelineView;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of one frame of the desktop app's timeline ({@link TimelineView#redraw}: grid, CPU,
 * task and lock lanes read at one pixel's level of detail, the run-queue and waiter counter
 * tracks the app shows by default, arrows, names and axis) on the JavaFX
 * thread (Monocle's headless platform) in a view of 1280x720, for traces of about 1, 10 and 100
 * million records ({@link FrameTraces}) and four views: the whole run, a tenth of it and 2 ms
 * of simulated time, each in the middle of the run, redrawn in place; and {@code gap}, 100 ms,
 * which at a hundred million records is finer than the level-of-detail index's finest bucket
 * yet holds about 600,000 records: each of its frames moves the window by three widths (across
 * the run and back to its first place; the trace of a million records has room for one place
 * only), so that every frame is the first of a window not read yet. The score is milliseconds
 * per frame; the
 * app's target is 16 ms (60 frames a second) at every size. The view is in a scene that is never
 * shown, so what is timed is what a frame holds the JavaFX thread for: reading the lanes and
 * recording the canvas's commands. Prism rasterises them afterwards on its render thread, which
 * this does not time (with the software pipeline that took some tens of milliseconds for a
 * whole-run frame in a profile; a GPU pipeline takes far less). Run from the project's
 * root (the first run records the traces, a few minutes for the largest):
 * {@code java -Xmx4g -jar sim-bench/target/benchmarks.jar FrameBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class FrameBench {
  /** The window's size, pixels: the timeline takes all of it. */
  static final int WIDTH = 1280;
  static final int HEIGHT = 720;

  @Param({"1000000", "10000000", "100000000"})
  long records;

  @Param({"whole", "tenth", "2ms", "gap"})
  String view;

  /** The gap view's width, picoseconds: 100 ms of simulated time. */
  static final long GAP_PS = 100_000_000_000L;

  /**
   * Where the lanes and counters are read from: {@code index}, the app's level-of-detail
   * summaries built once ({@link org.locksim.trace.LodIndex}, the counters' max-pyramids);
   * {@code per-frame}, every interval and sample of the window at each frame, as the app did
   * before them; {@code in-frame} (not run by default), the index, but a window finer than its
   * finest bucket read from the file within the frame that first shows it, as the app did before
   * reading such windows in the background ({@code -p lod=in-frame -p view=gap}).
   */
  @Param({"per-frame", "index"})
  String lod;

  private TraceFile trace;
  private TimelineView timeline;
  private int gapPlace;

  @Setup(Level.Trial)
  public void open() throws Exception {
    trace = FrameTraces.about(records);
    HeadlessFx.start();
    HeadlessFx.onFx(() -> {
      Viewport viewport = new Viewport(trace.startPs(), trace.endPs());
      timeline = new TimelineView(trace, viewport);
      // In a scene for its styles, never shown: no pulse renders between the timed frames.
      new Scene(timeline, WIDTH, HEIGHT);
      timeline.applyCss();
      timeline.resize(WIDTH, HEIGHT);
      timeline.layout();
      show(viewport);
      return null;
    });
    HeadlessFx.onFx(() -> {
      timeline.showCounters(true);
      timeline.awaitCounters();
      timeline.awaitLevelOfDetail();
      timeline.useLevelOfDetailIndex(!lod.equals("per-frame"));
      timeline.readDetailInFrame(lod.equals("in-frame"));
      return null;
    });
    if (view.equals("gap")) {
      String note = HeadlessFx.onFx(() -> {
        gapPlace = -1;
        moveGap();
        return timeline.noteProperty().get();
      });
      System.out.printf("gap: %d places of %.0f ms; the first frame's note: %s%n", gapPlaces(),
          GAP_PS / 1e9, note.isEmpty() ? "(none)" : note);
    }
    System.out.printf("%n%,d records, %,d blocks, %.1f ms simulated, %.0f ps per pixel%n",
        trace.recordCount(), trace.blockCount(), (trace.endPs() - trace.startPs()) / 1e9,
        (double) timeline.viewport().psPerPixel());
  }

  private void show(Viewport v) {
    long start = trace.startPs();
    long span = trace.endPs() - start;
    long mid = start + span / 2;
    switch (view) {
      case "whole" -> v.fit();
      case "tenth" -> v.show(mid - span / 20, mid + span / 20);
      case "2ms" -> v.show(mid - 1_000_000_000L, mid + 1_000_000_000L);
      case "gap" -> v.show(gapStart(0), gapStart(0) + GAP_PS);
      default -> throw new IllegalArgumentException("view " + view);
    }
  }

  /** How many places of the gap view, three widths apart, fit in the run (at least one). */
  private long gapPlaces() {
    long span = trace.endPs() - trace.startPs();
    return Math.max(1, (span - GAP_PS) / (3 * GAP_PS) + 1);
  }

  /** Where the gap view's {@code place}-th window starts: the places centred on the run. */
  private long gapStart(int place) {
    long span = trace.endPs() - trace.startPs();
    long used = (gapPlaces() - 1) * 3 * GAP_PS + GAP_PS;
    return trace.startPs() + Math.max(0, (span - used) / 2) + place * 3 * GAP_PS;
  }

  /** Shows the gap view's next place; the viewport's listener draws the frame. */
  private void moveGap() {
    gapPlace = (int) ((gapPlace + 1) % gapPlaces());
    long from = gapStart(gapPlace);
    timeline.viewport().show(from, from + GAP_PS);
  }

  @Benchmark
  public int frame() throws Exception {
    return HeadlessFx.onFx(() -> {
      if (view.equals("gap")) {
        moveGap();
      } else {
        timeline.redraw();
      }
      return timeline.drawnArrows();
    });
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    Platform.exit();
    trace.close();
  }

}
