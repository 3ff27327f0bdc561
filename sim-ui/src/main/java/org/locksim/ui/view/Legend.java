package org.locksim.ui.view;

import java.util.List;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.CpuState;
import org.locksim.trace.RowKind;
import org.locksim.trace.TaskState;

/**
 * The key to the lanes' colours: a swatch per CPU state and per task state, a stroke per kind
 * of arrow, and a word on lock lanes (a hold takes its owner's colour).
 */
public final class Legend {
  private Legend() { }

  /** Returns the legend as one row. */
  public static HBox box() {
    HBox box = new HBox(6);
    box.setAlignment(Pos.CENTER_LEFT);
    for (CpuState s : CpuState.values()) {
      box.getChildren().add(swatch(Palette.of(RowKind.CPU, s.ordinal(), -1), s.name().toLowerCase()));
    }
    box.getChildren().add(new Separator(Orientation.VERTICAL));
    for (TaskState s : List.of(TaskState.RUNNING, TaskState.RUNNABLE, TaskState.BLOCKED)) {
      box.getChildren().add(swatch(Palette.of(RowKind.TASK, s.ordinal(), -1),
          "task " + s.name().toLowerCase()));
    }
    box.getChildren().add(new Separator(Orientation.VERTICAL));
    for (ArrowKind k : ArrowKind.values()) {
      Line l = new Line(0, 5, 14, 5);
      l.setStroke(Palette.arrow(k.ordinal()));
      l.setStrokeWidth(2);
      box.getChildren().add(labelled(l, k == ArrowKind.HANDOFF ? "hand-off" : k.name().toLowerCase()));
    }
    box.getChildren().add(new Label("· lock: owner's colour"));
    return box;
  }

  private static Node swatch(Color c, String text) {
    Rectangle r = new Rectangle(10, 10, c);
    r.setStroke(Color.web("#999999"));
    return labelled(r, text);
  }

  private static Node labelled(Node n, String text) {
    HBox h = new HBox(3, n, new Label(text));
    h.setAlignment(Pos.CENTER_LEFT);
    return h;
  }
}
