package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.replay.EventSteps;
import org.locksim.ui.replay.Narrator;
import org.locksim.ui.selection.IntervalStats;
import org.locksim.ui.selection.Selection;
import org.locksim.ui.selection.StatsText;
import org.locksim.ui.view.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window's flows, headless (Monocle): run a variant, drag on the time axis and read
 * the statistics (checked against the same interval measured from the trace file), search,
 * step to the next hand-off, save a PNG, and the error line of a bad scenario.
 */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {
  @TempDir
  Path dir;
  private MainWindow window;

  @Start
  void start(Stage stage) {
    window = new MainWindow(stage);
    stage.setScene(new Scene(window.root(), 1280, 800));
    stage.show();
  }

  private void openSmallRun() throws Exception {
    WaitForAsyncUtils.asyncFx(() -> window.open(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
        "owner-spin", null, 1L, List.of("run.warmupMs=0", "run.durationMs=1")))
        .get(10, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void aDragOnTheAxisSelectsAndThePanelShowsTheTracesFigures(FxRobot robot) throws Exception {
    openSmallRun();
    TimelineView view = window.timelines().get(0);
    javafx.geometry.Bounds b = view.localToScreen(view.getBoundsInLocal());
    double y = b.getMinY() + TimelineView.AXIS_PX / 2;
    robot.drag(b.getMinX() + TimelineView.GUTTER_PX + 100, y)
        .moveTo(new javafx.geometry.Point2D(b.getMinX() + TimelineView.GUTTER_PX + 400, y))
        .release(javafx.scene.input.MouseButton.PRIMARY);
    assertTrue(window.marks().hasSelection(), "the drag selected an interval");
    WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.statsText().contains("Selection "));
    TraceFile t = window.opened().get(0).trace();
    Selection sel = Selection.allLanes(window.marks().selectionFromPs(), window.marks().selectionToPs(),
        t.cpuCount(), t.taskCount(), t.lockCount());
    String want = window.opened().get(0).title() + "\n" + StatsText.format(IntervalStats.measure(t, sel));
    assertEquals(want.strip(), window.statsText().strip());
  }

  @Test
  void theNextHandOffMovesTheCursorAndIsNarrated(FxRobot robot) throws Exception {
    openSmallRun();
    TraceFile t = window.opened().get(0).trace();
    Arrow first = new EventSteps(t, EnumSet.of(ArrowKind.HANDOFF)).next(window.viewport().startPs() - 1)
        .orElseThrow();
    robot.clickOn("#eventNext");
    assertEquals(first.fromPs(), window.marks().cursorPs());
    assertEquals(new Narrator(t).narrate(first), window.statusText());
    assertTrue(window.statusText().contains(" hands "), window.statusText());
  }

  @Test
  void aSearchStepsToWhereTheTaskRuns(FxRobot robot) throws Exception {
    openSmallRun();
    robot.clickOn("#search").write("worker7").type(javafx.scene.input.KeyCode.ENTER);
    assertTrue(window.marks().cursorPs() >= 0);
    assertTrue(window.statusText().contains("worker7"), window.statusText());
  }

  @Test
  void thePictureHasTheWindowsSize() throws Exception {
    openSmallRun();
    Path png = dir.resolve("w.png");
    WaitForAsyncUtils.asyncFx(() -> {
      window.writePng(png);
      return null;
    }).get(20, TimeUnit.SECONDS);
    java.awt.image.BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(1280, img.getWidth());
    assertEquals(800, img.getHeight());
  }

  @Test
  void aBadScenarioGivesTheLocatedErrorLine(FxRobot robot) throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\n  \"name\": \"x\",\n  \"machnie\": {}\n}\n");
    WaitForAsyncUtils.asyncFx(() -> window.open(bad, null, null, null, List.of()))
        .get(10, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    String line = robot.lookup("#error").queryAs(Label.class).getText();
    assertEquals("locksim: " + bad + ":1:1: $: missing required field \"machine\" in scenario", line);
  }
}
