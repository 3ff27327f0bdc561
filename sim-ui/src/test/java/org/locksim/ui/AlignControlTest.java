package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.trace.TraceFile;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.view.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's "Align at" control (headless, Monocle), in a window comparing two recorded
 * traces: applying {@code acquire:i_mutex} draws the two first acquisitions on one pixel, {@code
 * 0} or nothing puts the compared trace back at time 0, and a lock the traces lack is the error
 * line with the closest name while nothing moves; choosing a kind lists the names both traces
 * have and picking one aligns at it; an alignment (from {@code --align} or the control) does not
 * carry over to the next comparison opened.
 */
@ExtendWith(ApplicationExtension.class)
class AlignControlTest {
  @TempDir
  Path dir;
  private MainWindow window;

  @Start
  void start(Stage stage) {
    window = new MainWindow(stage);
    stage.setScene(new Scene(window.root(), 1280, 800));
    stage.show();
  }

  private List<Path> ab;

  /** Opens the two traces compared (recorded once per test). */
  private void openBoth() throws Exception {
    if (ab == null) {
      ab = TwoTraces.record(dir);
    }
    WaitForAsyncUtils.asyncFx(() -> window.open(ab.get(0), null, ab.get(1).toString(), null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
  }

  /** Types {@code text} in the name chooser and presses Apply. */
  private static void apply(FxRobot robot, String text) {
    robot.interact(() -> nameChooser(robot).getEditor().setText(text));
    robot.clickOn("#alignApply");
    WaitForAsyncUtils.waitForFxEvents();
  }

  @SuppressWarnings("unchecked")
  private static ComboBox<String> nameChooser(FxRobot robot) {
    return robot.lookup("#alignAt").queryAs(ComboBox.class);
  }

  @SuppressWarnings("unchecked")
  private static ComboBox<AlignAt.Kind> kindChooser(FxRobot robot) {
    return robot.lookup("#alignKind").queryAs(ComboBox.class);
  }

  private static Label error(FxRobot robot) {
    return robot.lookup("#error").queryAs(Label.class);
  }

  @Test
  void applyingAnEventDrawsTheFirstAcquisitionsOnOnePixelAndZeroUndoesIt(FxRobot robot)
      throws Exception {
    openBoth();
    assertTrue(robot.lookup("#alignBar").query().isVisible(), "shown with two timelines");
    TimelineView first = window.timelines().get(0);
    TimelineView second = window.timelines().get(1);
    long t0 = TwoTraces.firstAcquisition(first.trace());
    long t1 = TwoTraces.firstAcquisition(second.trace());
    assertNotEquals(t0, t1);
    assertEquals(0, second.shiftPs(), "opened at time 0");

    apply(robot, "acquire:i_mutex");
    assertEquals(0, first.shiftPs());
    assertEquals(t0 - t1, second.shiftPs());
    assertEquals(t0 - t1, window.opened().get(1).shiftPs());
    assertEquals(first.xOf(t0), second.xOf(t1), 1e-6, "one under the other");

    apply(robot, "0");
    assertEquals(0, second.shiftPs(), "0 is back at time 0");
    assertEquals(0, window.opened().get(1).shiftPs());
    apply(robot, "acquire:i_mutex");
    apply(robot, "");
    assertEquals(0, second.shiftPs(), "nothing is back at time 0");
    assertFalse(error(robot).isVisible());
  }

  @Test
  void aLockTheTracesLackIsTheErrorLineWithTheClosestName(FxRobot robot) throws Exception {
    openBoth();
    apply(robot, "acquire:i_mutex");
    long aligned = window.timelines().get(1).shiftPs();
    assertNotEquals(0, aligned);

    apply(robot, "acquire:i_mutx");
    String line = error(robot).getText();
    assertTrue(error(robot).isVisible());
    assertTrue(line.startsWith("locksim: --align acquire:i_mutx: v2-linux-adaptive-spin"), line);
    assertTrue(line.endsWith("(a.lst) has no lock 'i_mutx' (did you mean 'i_mutex'?); its locks: i_mutex"),
        line);
    assertEquals(aligned, window.timelines().get(1).shiftPs(), "nothing moved");

    apply(robot, "acquire:i_mutex");
    assertFalse(error(robot).isVisible(), "a good event clears the line");
  }

  @Test
  void choosingAKindListsTheSharedNamesAndPickingOneAligns(FxRobot robot) throws Exception {
    openBoth();
    assertEquals(null, kindChooser(robot).getValue(), "opened with no kind chosen");
    assertTrue(nameChooser(robot).getItems().isEmpty());
    TraceFile a = window.timelines().get(0).trace();
    TraceFile b = window.timelines().get(1).trace();

    robot.interact(() -> kindChooser(robot).setValue(AlignAt.Kind.WAKEUP));
    List<String> tasks = a.taskNames().stream().filter(b.taskNames()::contains).toList();
    assertFalse(tasks.isEmpty());
    assertEquals(tasks, nameChooser(robot).getItems(), "the tasks both traces have");
    assertEquals(0, window.timelines().get(1).shiftPs(), "choosing a kind moves nothing");

    robot.interact(() -> kindChooser(robot).setValue(AlignAt.Kind.ACQUIRE));
    assertEquals(List.of("i_mutex"), nameChooser(robot).getItems(), "the locks both traces have");
    robot.interact(() -> nameChooser(robot).getSelectionModel().select("i_mutex"));
    WaitForAsyncUtils.waitForFxEvents();
    long t0 = TwoTraces.firstAcquisition(a);
    long t1 = TwoTraces.firstAcquisition(b);
    assertEquals(t0 - t1, window.timelines().get(1).shiftPs(), "picking a name aligns at it");

    apply(robot, "i_mutx");
    assertTrue(error(robot).getText().endsWith("(a.lst) has no lock 'i_mutx' (did you mean"
        + " 'i_mutex'?); its locks: i_mutex"), "a name typed: " + error(robot).getText());
    assertEquals(t0 - t1, window.timelines().get(1).shiftPs(), "nothing moved");

    robot.interact(() -> kindChooser(robot).setValue(AlignAt.Kind.HANDOFF));
    apply(robot, "i_mutex");
    assertFalse(error(robot).isVisible(), error(robot).getText());
    assertEquals(AlignAt.parse("handoff:i_mutex").shiftPs(a, "a", b, "b"),
        window.timelines().get(1).shiftPs(), "a name of the chosen kind");
  }

  @Test
  void theTextFormSetsTheKindAndName(FxRobot robot) throws Exception {
    openBoth();
    robot.clickOn("#alignAt").write("handoff:i_mutex").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertFalse(error(robot).isVisible(), error(robot).getText());
    TraceFile a = window.timelines().get(0).trace();
    TraceFile b = window.timelines().get(1).trace();
    assertEquals(AlignAt.parse("handoff:i_mutex").shiftPs(a, "a", b, "b"),
        window.timelines().get(1).shiftPs(), "typed as --align takes it, then Enter");
    assertEquals(AlignAt.Kind.HANDOFF, kindChooser(robot).getValue());
    assertEquals("i_mutex", nameChooser(robot).getEditor().getText());
    apply(robot, "handof:i_mutex");
    assertTrue(error(robot).getText().startsWith("locksim: --align: unknown kind 'handof'"
        + " (did you mean 'handoff'?)"), error(robot).getText());
  }

  @Test
  void anAlignmentDoesNotCarryOverToTheNextComparison(FxRobot robot) throws Exception {
    window.alignAt(AlignAt.parse("acquire:i_mutex"));
    openBoth();
    assertNotEquals(0, window.timelines().get(1).shiftPs(), "--align moves the first comparison");
    assertEquals(AlignAt.Kind.ACQUIRE, kindChooser(robot).getValue());
    assertEquals("i_mutex", nameChooser(robot).getEditor().getText());

    openBoth();
    assertEquals(0, window.timelines().get(1).shiftPs(), "the next one opens at time 0");
    assertEquals(0, window.opened().get(1).shiftPs());
    assertEquals(null, kindChooser(robot).getValue(), "and the control empty");
    assertEquals("", nameChooser(robot).getEditor().getText());

    apply(robot, "acquire:i_mutex");
    assertNotEquals(0, window.timelines().get(1).shiftPs());
    openBoth();
    assertEquals(0, window.timelines().get(1).shiftPs(), "nor does one applied in the window");
    assertEquals(null, kindChooser(robot).getValue());
    assertEquals("", nameChooser(robot).getEditor().getText());
    assertTrue(robot.lookup(".label").queryAll().stream()
        .noneMatch(l -> ((Label) l).getText().contains("aligned at")), "no heading says aligned");
  }

  @Test
  void oneTimelineHasNoAlignField(FxRobot robot) throws Exception {
    Path a = TwoTraces.record(dir).get(0);
    WaitForAsyncUtils.asyncFx(() -> window.open(a, null, null, null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
    assertFalse(robot.lookup("#alignBar").query().isVisible());
  }
}
