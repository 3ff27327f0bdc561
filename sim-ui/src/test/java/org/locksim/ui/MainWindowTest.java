package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.trace.CpuInterval;
import org.locksim.trace.RowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.replay.EventSteps;
import org.locksim.ui.replay.LockScene;
import org.locksim.ui.replay.Narrator;
import org.locksim.ui.selection.IntervalStats;
import org.locksim.ui.selection.Selection;
import org.locksim.ui.selection.StatsText;
import org.locksim.run.record.TraceRun;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.Palette;
import org.locksim.ui.view.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window's flows, headless (Monocle): run a variant, drag on the time axis and read
 * the statistics (checked against the same interval measured from the trace file), search,
 * step to the next hand-off, save a PNG whose lanes have their states' colours at the trace's
 * times, compare two trace files, and the error line of a bad scenario.
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
  void aShiftDragOverLanesSelectsOnlyThoseLanes(FxRobot robot) throws Exception {
    openSmallRun();
    TimelineView view = window.timelines().get(0);
    javafx.geometry.Bounds b = view.localToScreen(view.getBoundsInLocal());
    RowLayout rows = view.rows();
    double top = b.getMinY() + view.yOf(rows.lane(RowKind.CPU, 1)) + RowLayout.LANE_PX / 2;
    double bottom = b.getMinY() + view.yOf(rows.lane(RowKind.CPU, 3)) + RowLayout.LANE_PX / 2;
    double x = b.getMinX() + TimelineView.GUTTER_PX + 100;
    robot.press(javafx.scene.input.KeyCode.SHIFT).drag(x, top)
        .moveTo(new Point2D(x + 200, bottom)).release(javafx.scene.input.MouseButton.PRIMARY)
        .release(javafx.scene.input.KeyCode.SHIFT);
    assertTrue(window.marks().hasSelection());
    for (int cpu = 0; cpu < 6; cpu++) {
      assertEquals(cpu >= 1 && cpu <= 3, window.marks().laneSelected(RowKind.CPU, cpu), "CPU " + cpu);
    }
    assertFalse(window.marks().laneSelected(RowKind.TASK, 0));
    WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.statsText().contains("Selection "));
    assertTrue(window.statsText().contains(": 3 CPUs, 0 tasks, 0 locks"), window.statsText());
  }

  @Test
  void theNextHandOffMovesTheCursorAndIsNarrated(FxRobot robot) throws Exception {
    openSmallRun();
    TraceFile t = window.opened().get(0).trace();
    Arrow first = new EventSteps(t, EnumSet.of(ArrowKind.HANDOFF)).next(window.viewport().startPs() - 1)
        .orElseThrow();
    robot.clickOn("#eventNext");
    assertEquals(first.fromPs(), window.marks().cursorPs());
    assertEquals(new Narrator(t).narrate(first) + " · then "
        + new LockScene(t).at(first.lock(), first.toPs()), window.statusText());
    assertTrue(window.statusText().contains(" hands "), window.statusText());
    Arrow second = new EventSteps(t, EnumSet.of(ArrowKind.HANDOFF)).next(first.fromPs()).orElseThrow();
    robot.write("]");
    assertEquals(second.fromPs(), window.marks().cursorPs(), "']' steps forward");
    robot.write("[");
    assertEquals(first.fromPs(), window.marks().cursorPs(), "'[' steps back");
  }

  @Test
  void aSearchStepsToWhereTheTaskRuns(FxRobot robot) throws Exception {
    openSmallRun();
    robot.clickOn("#search").write("worker7").type(javafx.scene.input.KeyCode.ENTER);
    assertTrue(window.marks().cursorPs() >= 0);
    assertTrue(window.statusText().contains("worker7"), window.statusText());
  }

  @Test
  void thePictureShowsEachIntervalInItsStatesColour() throws Exception {
    openSmallRun();
    TimelineView view = window.timelines().get(0);
    TraceFile t = window.opened().get(0).trace();
    Viewport v = window.viewport();
    Path png = dir.resolve("w.png");
    WaitForAsyncUtils.asyncFx(() -> {
      window.writePng(png);
      return null;
    }).get(20, TimeUnit.SECONDS);
    java.awt.image.BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(1280, img.getWidth());
    assertEquals(800, img.getHeight());
    int checked = 0;
    for (int cpu = 0; cpu < 4; cpu++) {
      RowLayout.Line lane = view.rows().lane(RowKind.CPU, cpu);
      for (CpuInterval i : t.cpuIntervals(cpu, v.startPs(), v.endPs())) {
        if (i.endPs() - i.startPs() < 8 * v.psPerPixel()) {
          continue;
        }
        // Between the interval's start and any label written from its left edge.
        double x = view.xOf(i.startPs()) + 2;
        Point2D at = view.localToScene(x, view.yOf(lane) + 2);
        Color want = Palette.of(RowKind.CPU, i.state().ordinal(), -1);
        int argb = img.getRGB((int) at.getX(), (int) at.getY());
        assertEquals(hex(want), String.format("%06x", argb & 0xffffff), "CPU " + cpu + " " + i);
        checked++;
      }
    }
    assertTrue(checked > 3, "checked " + checked + " intervals");
  }

  @Test
  void anSvgHoldsEveryLaneAndItsIntervals() throws Exception {
    openSmallRun();
    Path svg = dir.resolve("w.svg");
    WaitForAsyncUtils.asyncFx(() -> {
      window.writePng(svg);
      return null;
    }).get(20, TimeUnit.SECONDS);
    org.w3c.dom.Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance()
        .newDocumentBuilder().parse(svg.toFile());
    assertEquals("svg", doc.getDocumentElement().getTagName());
    String text = Files.readString(svg);
    assertTrue(text.contains(">CPUs (16)</text>"), "the CPU section's header");
    assertTrue(text.contains(">worker127</text>"), "the last task's name, scrolled out of the window");
    TraceFile t = window.opened().get(0).trace();
    CpuInterval first = t.cpuIntervals(0, t.startPs(), t.endPs()).get(0);
    assertTrue(text.contains("fill=\"" + "#" + hex(Palette.of(RowKind.CPU, first.state().ordinal(), -1))),
        "a rect in the colour of CPU 0's first state");
  }

  @Test
  void twoTraceFilesAreComparedOnOneAxis() throws Exception {
    List<Scenario> s = ScenarioLoader.standard().load(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
        List.of("run.warmupMs=0", "run.durationMs=1"));
    Path a = dir.resolve("a.lst");
    Path b = dir.resolve("b.lst");
    TraceRun.record(s.get(0), 1, a);
    TraceRun.record(s.get(1), 1, b);
    WaitForAsyncUtils.asyncFx(() -> window.open(a, null, b.toString(), null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
    assertEquals(2, window.timelines().size());
    assertEquals(window.timelines().get(0).viewport(), window.timelines().get(1).viewport());
  }

  private static String hex(Color c) {
    return String.format("%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
        Math.round(c.getBlue() * 255));
  }

  @Test
  void aBadScenarioGivesTheLocatedErrorLine(FxRobot robot) throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\n  \"name\": \"x\",\n  \"machnie\": {}\n}\n");
    WaitForAsyncUtils.asyncFx(() -> window.open(bad, null, null, null, List.of()))
        .get(10, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    String line = robot.lookup("#error").queryAs(Label.class).getText();
    assertEquals("locksim: " + bad + ":3:3: $.machnie: missing required field \"machine\" in scenario;"
        + " found \"machnie\" (did you mean \"machine\"?)", line);
  }

  @Test
  void aPluginAddedInTheWindowLetsAScenarioNameItsLock(FxRobot robot) throws Exception {
    Path example = Path.of("..", "examples", "clh-lock", "src", "main");
    Path jar = org.locksim.plugin.PluginJar.build(example.resolve("java"),
        example.resolve("resources"), dir.resolve("clh.jar"));
    Path missing = dir.resolve("missing.jar");
    WaitForAsyncUtils.asyncFx(() -> window.addPlugin(missing)).get(10, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    assertEquals("locksim: " + missing + ": cannot read plugin jar: no such file",
        robot.lookup("#error").queryAs(Label.class).getText());
    WaitForAsyncUtils.asyncFx(() -> window.addPlugin(jar)).get(10, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    assertTrue(window.statusText().contains("example.clh"), window.statusText());
    WaitForAsyncUtils.asyncFx(() -> window.open(Path.of("../examples/clh-lock/clh-vs-mcs.json"),
        "clh", null, 1L, List.of("run.warmupMs=0", "run.durationMs=1")))
        .get(10, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    assertEquals(List.of("torture_spinlock"), window.opened().get(0).trace().lockNames());
    // The perf stat block names where the time went: in the plugin lock's own function.
    assertTrue(window.opened().get(0).report().contains("in clh_lock"), window.opened().get(0).report());
  }
}
