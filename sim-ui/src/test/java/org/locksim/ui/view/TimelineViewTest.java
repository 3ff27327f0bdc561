package org.locksim.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.RowKind;
import org.locksim.ui.session.Opened;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Draws a real run's trace headless (Monocle) and reads back the pixels of one CPU interval. */
@ExtendWith(ApplicationExtension.class)
class TimelineViewTest {
  private V2View shown;
  private Opened opened;
  private TimelineView view;

  @Start
  void start(Stage stage) throws Exception {
    shown = V2View.show(stage);
    opened = shown.opened();
    view = shown.view();
  }

  @AfterEach
  void close() throws Exception {
    shown.close();
  }

  @Test
  void anIntervalWiderThanAPixelIsDrawnInItsStatesColour() throws Exception {
    Viewport v = view.viewport();
    CpuInterval wide = opened.trace().cpuIntervals(0, v.startPs(), v.endPs()).stream()
        .filter(i -> (i.endPs() - i.startPs()) > 20 * v.psPerPixel())
        .findFirst().orElseThrow();
    WritableImage image = WaitForAsyncUtils.asyncFx(() -> {
      view.redraw();
      return view.snapshot(null, null);
    }).get(10, java.util.concurrent.TimeUnit.SECONDS);
    RowLayout.Line lane = view.rows().lane(RowKind.CPU, 0);
    double x = (view.xOf(wide.startPs()) + view.xOf(wide.endPs())) / 2;
    double y = view.yOf(lane) + RowLayout.LANE_PX / 2;
    Color got = image.getPixelReader().getColor((int) x, (int) y);
    Color want = Palette.of(RowKind.CPU, wide.state().ordinal(), -1);
    assertEquals(want.toString(), got.toString(), "pixel of " + wide);
    assertTrue(view.rows().lines().size() > 16 + 128);
  }

  @Test
  void drawnFromTheSummariesTheWholeRunLooksAsDrawnFromTheFile() throws Exception {
    WritableImage[] images = WaitForAsyncUtils.asyncFx(() -> {
      view.awaitLevelOfDetail();
      view.useLevelOfDetailIndex(false);
      view.redraw();
      WritableImage fromFile = view.snapshot(null, null);
      view.useLevelOfDetailIndex(true);
      view.redraw();
      return new WritableImage[] {fromFile, view.snapshot(null, null)};
    }).get(30, java.util.concurrent.TimeUnit.SECONDS);
    int w = (int) images[0].getWidth();
    int h = (int) images[0].getHeight();
    int x0 = (int) TimelineView.GUTTER_PX;
    int y0 = (int) TimelineView.AXIS_PX;
    long lanePixels = 0;
    long painted = 0;
    long differ = 0;
    int white = 0xffffffff;
    for (int y = y0; y < h; y++) {
      for (int x = x0; x < w - 20; x++) {
        int a = images[0].getPixelReader().getArgb(x, y);
        int b = images[1].getPixelReader().getArgb(x, y);
        lanePixels++;
        painted += a == white ? 0 : 1;
        differ += a == b ? 0 : 1;
      }
    }
    // The summaries' buckets are aligned to the trace's start, not to the frame's pixels: a
    // bucket that straddles two pixels is split between them in proportion, so the boundaries
    // inside a stacked bar may move by up to half a lane where a pixel's states change sharply
    // (LodIndexTest checks the times themselves). Lanes missing, shifted or in the wrong colours
    // would differ over much of the painted area, which is most of the view.
    assertTrue(painted > lanePixels / 2, painted + " of " + lanePixels + " pixels painted");
    assertTrue(differ < lanePixels / 20, differ + " of " + lanePixels + " pixels differ");
  }

  @Test
  void aMergedBarFromTheSummariesStaysInItsLane() throws Exception {
    WritableImage image = WaitForAsyncUtils.asyncFx(() -> {
      view.awaitLevelOfDetail();
      view.showArrows(false);
      view.redraw();
      return view.snapshot(null, null);
    }).get(30, java.util.concurrent.TimeUnit.SECONDS);
    java.util.Set<Integer> laneColours = new java.util.HashSet<>();
    for (RowKind kind : RowKind.values()) {
      for (int state = 0; state < kind.stateCount(); state++) {
        Color c = Palette.of(kind, state, -1);
        if (!c.equals(Palette.EMPTY)) {
          laneColours.add(argb(c));
        }
      }
    }
    RowLayout.Line header = view.rows().lines().get(0);
    assertTrue(header.header(), header.label());
    int w = (int) image.getWidth();
    int painted = 0;
    for (int y = (int) view.yOf(header) + 1; y < (int) (view.yOf(header) + header.height()) - 1; y++) {
      for (int x = (int) TimelineView.GUTTER_PX; x < w - 20; x++) {
        painted += laneColours.contains(image.getPixelReader().getArgb(x, y)) ? 1 : 0;
      }
    }
    // A summary may count more time in a merged span than the span lasts; stacked by those
    // shares, a bar grew up through the lanes above it and across this heading.
    assertEquals(0, painted, "pixels of the CPUs' heading in a lane's colour");
  }

  private static int argb(Color c) {
    return (255 << 24) | ((int) Math.round(c.getRed() * 255) << 16)
        | ((int) Math.round(c.getGreen() * 255) << 8) | (int) Math.round(c.getBlue() * 255);
  }
}
