package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.Picos;
import org.locksim.trace.TraceFile;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.view.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window comparing two traces aligned at an event (headless, Monocle): the second trace's
 * first acquisition of the lock is drawn at the pixel of the first's and its heading, in the
 * window and in an SVG of it, says the event and the shift; a lock the traces lack is the error
 * line, and a scenario's {@code --set} overrides are in the window's title.
 */
@ExtendWith(ApplicationExtension.class)
class AlignedCompareTest {
  private static final Path V2 = TwoTraces.V2;
  private static final List<String> SHORT = TwoTraces.SHORT;

  @TempDir
  Path dir;
  private Stage stage;
  private MainWindow window;

  @Start
  void start(Stage stage) {
    this.stage = stage;
    window = new MainWindow(stage);
    stage.setScene(new Scene(window.root(), 1280, 800));
    stage.show();
  }

  private List<Path> twoTraces() throws Exception {
    return TwoTraces.record(dir);
  }

  private static long firstAcquisition(TraceFile t) {
    return TwoTraces.firstAcquisition(t);
  }

  @Test
  void theSecondTracesFirstAcquisitionIsDrawnUnderTheFirsts() throws Exception {
    List<Path> ab = twoTraces();
    window.alignAt(AlignAt.parse("acquire:i_mutex"));
    WaitForAsyncUtils.asyncFx(() -> window.open(ab.get(0), null, ab.get(1).toString(), null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
    TimelineView first = window.timelines().get(0);
    TimelineView second = window.timelines().get(1);
    long t0 = firstAcquisition(first.trace());
    long t1 = firstAcquisition(second.trace());
    assertNotEquals(t0, t1);
    assertEquals(0, first.shiftPs());
    assertEquals(t0 - t1, second.shiftPs());
    assertEquals(t0 - t1, window.opened().get(1).shiftPs());
    assertEquals(first.xOf(t0), second.xOf(t1), 1e-6, "one under the other");
    assertEquals(first.axisXOf(t0), second.xOf(t1), 1e-6, "where the cursor at the event is drawn");
  }

  @Test
  void anSvgOfAnAlignedComparisonCarriesTheShiftInTheComparedHeading(FxRobot robot)
      throws Exception {
    List<Path> ab = twoTraces();
    window.alignAt(AlignAt.parse("acquire:i_mutex"));
    WaitForAsyncUtils.asyncFx(() -> window.open(ab.get(0), null, ab.get(1).toString(), null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
    long shift = window.timelines().get(1).shiftPs();
    assertNotEquals(0, shift);
    String aligned = "aligned at acquire:i_mutex, " + (shift > 0 ? "+" : "") + Picos.format(shift);
    List<String> shown = robot.lookup(".label").queryAll().stream().map(l -> ((Label) l).getText())
        .filter(t -> t.contains(aligned)).toList();
    assertEquals(1, shown.size(), "the window heads the compared timeline with " + aligned);
    assertTrue(shown.get(0).startsWith(window.opened().get(1).title()), shown.get(0));

    Path svg = dir.resolve("aligned.svg");
    WaitForAsyncUtils.asyncFx(() -> {
      window.writePng(svg);
      return null;
    }).get(30, TimeUnit.SECONDS);
    String text = Files.readString(svg);
    assertTrue(text.contains(">" + shown.get(0) + "</text>"), "the SVG's heading is the window's");
    assertEquals(1, text.split(java.util.regex.Pattern.quote(aligned), -1).length - 1,
        "only the compared timeline is moved");
  }

  @Test
  void aLockTheTracesLackIsTheErrorLine(FxRobot robot) throws Exception {
    List<Path> ab = twoTraces();
    window.alignAt(AlignAt.parse("acquire:i_mutx"));
    var shown = WaitForAsyncUtils.asyncFx(
        () -> window.open(ab.get(0), null, ab.get(1).toString(), null, List.of())).get(10, TimeUnit.SECONDS);
    assertThrows(ExecutionException.class, () -> shown.get(30, TimeUnit.SECONDS));
    WaitForAsyncUtils.waitForFxEvents();
    String line = robot.lookup("#error").queryAs(Label.class).getText();
    assertTrue(line.startsWith("locksim: --align acquire:i_mutx: v2-linux-adaptive-spin"), line);
    assertTrue(line.endsWith("(a.lst) has no lock 'i_mutx' (did you mean 'i_mutex'?); its locks: i_mutex"),
        line);
    assertEquals(0, window.timelines().get(1).shiftPs(), "shown as before, at time 0");
  }

  @Test
  void theTitleShowsTheOverridesInEffect() throws Exception {
    WaitForAsyncUtils.asyncFx(() -> window.open(V2, "owner-spin", null, 1L, SHORT))
        .get(10, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS);
    assertEquals("locksim: v2-linux-adaptive-spin.json --set run.warmupMs=0 --set run.durationMs=2",
        stage.getTitle());
    assertEquals(2_000_000_000L, window.opened().get(0).trace().endPs(), "a run of 2 ms, as set");
  }
}
