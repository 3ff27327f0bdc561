package org.locksim.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.locksim.ui.fixture.DenseCounters;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Why: a counter with more samples than buckets keeps only its buckets; with the whole run in
 * view its track must be drawn to the same pixels as from every sample (headless, Monocle).
 */
@ExtendWith(ApplicationExtension.class)
class CounterTracksPixelTest {
  private DenseCounters dense;
  private TimelineView view;

  @Start
  void start(Stage stage) throws Exception {
    Path dir = Files.createTempDirectory("locksim-counters");
    dense = DenseCounters.write(dir.resolve("dense.lst"), 200_000);
    view = new TimelineView(dense.trace(), new Viewport(dense.trace().startPs(), dense.trace().endPs()));
    stage.setScene(new Scene(view, 1200, 300));
    stage.show();
  }

  @AfterEach
  void close() throws Exception {
    dense.trace().close();
    Files.deleteIfExists(dense.trace().path());
  }

  @Test
  void theWholeRunsTrackFromBucketsIsThePixelsOfItsSamples() throws Exception {
    WritableImage[] images = WaitForAsyncUtils.asyncFx(() -> {
      view.showCounters(true);
      view.awaitCounters();
      // The counter track lengthens the lanes: the first picture lays the view out anew.
      view.snapshot(null, null);
      view.useCounterLevels(false);
      view.redraw();
      WritableImage fromSamples = view.snapshot(null, null);
      view.useCounterLevels(true);
      view.redraw();
      return new WritableImage[] {fromSamples, view.snapshot(null, null)};
    }).get(60, TimeUnit.SECONDS);
    RowLayout.Line track = view.rows().lines().stream().filter(l -> l.counter() != null)
        .findFirst().orElseThrow();
    int w = (int) images[0].getWidth();
    long painted = 0;
    for (int y = (int) view.yOf(track); y < (int) (view.yOf(track) + track.height()); y++) {
      for (int x = (int) TimelineView.GUTTER_PX; x < w; x++) {
        int a = images[0].getPixelReader().getArgb(x, y);
        assertEquals(a, images[1].getPixelReader().getArgb(x, y), "pixel " + x + "," + y);
        painted += a == 0xffffffff ? 0 : 1;
      }
    }
    assertTrue(painted > 5_000, painted + " pixels painted");
  }
}
