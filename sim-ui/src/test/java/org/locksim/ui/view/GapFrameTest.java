package org.locksim.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.locksim.trace.LodIndex;
import org.locksim.ui.session.Opened;
import org.locksim.ui.timeline.Viewport;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Why: the first frame of a window finer than the level-of-detail index's finest bucket used
 * to read the trace file on the JavaFX thread, which for a large window took far longer than a
 * frame. Drawn headless (Monocle) from a real run's trace, with every such window read in the
 * background (the run is too short for one to exceed the size read within a frame): the first
 * frame reads nothing on the JavaFX thread and says so in the note, and once the read
 * completes the view is redrawn with the picture a frame reading the file itself draws.
 */
@ExtendWith(ApplicationExtension.class)
class GapFrameTest {
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
  void theFirstFrameReadsNothingOnTheFxThreadAndIsReplacedWhenTheReadCompletes() throws Exception {
    LaneSource source = view.laneSource();
    long finest = LodIndex.build(opened.trace(), LodIndex.budgetFor(Runtime.getRuntime().maxMemory()))
        .finestPs();
    Object[] first = WaitForAsyncUtils.asyncFx(() -> {
      view.awaitLevelOfDetail();
      view.showArrows(false);
      source.detail().syncRecords(0);
      Viewport v = view.viewport();
      long mid = (v.minPs() + v.maxPs()) / 2;
      v.show(mid, mid + (long) (v.widthPx() * finest / 3));
      return new Object[] {view.snapshot(null, null), v.psPerPixel(), view.noteProperty().get(),
          source.gapReads()};
    }).get(30, TimeUnit.SECONDS);
    assertTrue((long) first[1] < finest, first[1] + " ps a pixel, finest bucket " + finest);
    assertEquals(0L, first[3], "reads of the file on the JavaFX thread");
    assertTrue(((String) first[2]).startsWith("reading "), (String) first[2]);

    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
        () -> WaitForAsyncUtils.asyncFx(() -> view.noteProperty().get().isEmpty()).get());
    Object[] after = WaitForAsyncUtils.asyncFx(() -> new Object[] {view.snapshot(null, null),
        view.noteProperty().get(), source.gapReads()}).get(30, TimeUnit.SECONDS);
    assertEquals("", after[1]);
    assertTrue(source.detail().installed() > 0, "reads that replaced the picture");
    assertEquals(0L, after[2], "reads of the file on the JavaFX thread");

    // The picture a view reading the file within its frame draws of the same window.
    WritableImage reference = WaitForAsyncUtils.asyncFx(() -> {
      TimelineView ref = new TimelineView(opened.trace(), view.viewport());
      new Scene(ref, 1200, 500);
      ref.applyCss();
      ref.resize(view.getWidth(), view.getHeight());
      ref.layout();
      ref.awaitLevelOfDetail();
      ref.showArrows(false);
      ref.readDetailInFrame(true);
      ref.redraw();
      WritableImage image = ref.snapshot(null, null);
      ref.dispose();
      return image;
    }).get(30, TimeUnit.SECONDS);
    assertEquals(0, differing((WritableImage) after[0], reference), "pixels unlike the file's picture");
    assertTrue(differing((WritableImage) first[0], reference) > 0, "the first frame was the coarse one");
  }

  /** Pixels of the lanes (right of the names, under the axis) that differ. */
  private static long differing(WritableImage a, WritableImage b) {
    long n = 0;
    int w = (int) Math.min(a.getWidth(), b.getWidth());
    int h = (int) Math.min(a.getHeight(), b.getHeight());
    for (int y = (int) TimelineView.AXIS_PX; y < h; y++) {
      for (int x = (int) TimelineView.GUTTER_PX; x < w - 20; x++) {
        n += a.getPixelReader().getArgb(x, y) == b.getPixelReader().getArgb(x, y) ? 0 : 1;
      }
    }
    return n;
  }
}
