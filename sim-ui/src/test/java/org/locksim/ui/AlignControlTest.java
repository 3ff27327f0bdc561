package org.locksim.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.ui.view.TimelineView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's "Align at" field (headless, Monocle), in a window comparing two recorded traces
 * opened with no {@code --align}: applying {@code acquire:i_mutex} draws the two first
 * acquisitions on one pixel, {@code 0} or nothing puts the compared trace back at time 0, and a
 * lock the traces lack is the error line with the closest name while nothing moves.
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

  private void openBoth() throws Exception {
    List<Path> ab = TwoTraces.record(dir);
    WaitForAsyncUtils.asyncFx(() -> window.open(ab.get(0), null, ab.get(1).toString(), null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
  }

  /** Types {@code text} in the field and presses Apply. */
  private static void apply(FxRobot robot, String text) {
    robot.interact(() -> robot.lookup("#alignAt").queryAs(TextField.class).setText(text));
    robot.clickOn("#alignApply");
    WaitForAsyncUtils.waitForFxEvents();
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
  void oneTimelineHasNoAlignField(FxRobot robot) throws Exception {
    Path a = TwoTraces.record(dir).get(0);
    WaitForAsyncUtils.asyncFx(() -> window.open(a, null, null, null, List.of()))
        .get(10, TimeUnit.SECONDS).get(30, TimeUnit.SECONDS);
    assertFalse(robot.lookup("#alignBar").query().isVisible());
  }
}
