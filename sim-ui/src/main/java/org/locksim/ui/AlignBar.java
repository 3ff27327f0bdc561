package org.locksim.ui;

import java.util.function.Consumer;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import org.locksim.trace.Picos;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.session.Opened;

/**
 * The "Align at" field of a window comparing two timelines: {@code KIND:NAME}, as {@code
 * --align} takes it, and Apply move the compared timeline so that its first such event sits
 * under the first's; {@code 0} or nothing puts both back at time 0. A misspelt kind is the
 * error line; the bar takes no room while fewer than two timelines are shown.
 */
final class AlignBar {
  private final TextField field = new TextField();
  private final HBox box;
  private final Consumer<AlignAt> apply;
  private final Consumer<String> error;

  /**
   * @param apply moves the compared timeline to the event given (null: back to time 0)
   * @param error shows a one-line message on the window's error line
   */
  AlignBar(Consumer<AlignAt> apply, Consumer<String> error) {
    this.apply = apply;
    this.error = error;
    field.setId("alignAt");
    field.setPromptText("acquire:LOCK");
    field.setPrefColumnCount(14);
    field.setOnAction(e -> apply());
    Button button = new Button("Apply");
    button.setId("alignApply");
    button.setOnAction(e -> apply());
    box = new HBox(4, new Label("Align at"), field, button);
    box.setId("alignBar");
    box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    showFor(0, null);
  }

  HBox node() {
    return box;
  }

  /** Shows the bar when {@code timelines} is two or more, with {@code at} in its field. */
  void showFor(int timelines, AlignAt at) {
    box.setVisible(timelines >= 2);
    box.setManaged(timelines >= 2);
    field.setText(at == null ? "" : at.spec());
  }

  /** Applies the field's text: an event to align at, or {@code 0} or nothing for time 0. */
  private void apply() {
    String text = field.getText() == null ? "" : field.getText().trim();
    if (text.isEmpty() || text.equals("0")) {
      apply.accept(null);
      return;
    }
    AlignAt at;
    try {
      at = AlignAt.parse(text);
    } catch (IllegalArgumentException e) {
      error.accept("locksim: " + e.getMessage());
      return;
    }
    apply.accept(at);
  }

  /** The heading of {@code o}'s timeline: its title, integrity and how far {@code at} moved it. */
  static String heading(Opened o, AlignAt at) {
    return o.title() + "   " + o.trace().integrity().message()
        + (o.shiftPs() == 0 || at == null ? "" : "   aligned at " + at.spec() + " (moved "
        + (o.shiftPs() > 0 ? "+" : "") + Picos.format(o.shiftPs()) + ")");
  }
}
