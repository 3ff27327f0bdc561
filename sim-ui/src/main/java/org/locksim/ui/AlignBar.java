package org.locksim.ui;

import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.locksim.trace.Picos;
import org.locksim.trace.TraceFile;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.align.SharedNames;
import org.locksim.ui.session.Opened;

/**
 * The "Align at" control of a window comparing two timelines: a choice of kind (acquire,
 * handoff, wakeup, migration) and a name chooser listing the locks (for acquire and handoff)
 * or tasks (for wakeup and migration) both timelines have. Picking a name, Enter or Apply moves
 * the compared timeline so that its first such event sits under the first's. The name chooser
 * also takes {@code KIND:NAME} typed as {@code --align} takes it; {@code 0} or nothing puts both
 * back at time 0. A misspelt kind or a name a trace lacks is the error line; the bar takes no
 * room while fewer than two timelines are shown.
 */
final class AlignBar {
  private final ComboBox<AlignAt.Kind> kind = new ComboBox<>();
  private final ComboBox<String> name = new ComboBox<>();
  private final HBox box;
  private final Consumer<AlignAt> apply;
  private final Consumer<String> error;
  private List<TraceFile> traces = List.of();
  /** The name chooser's text last applied: picking it again does not apply it twice. */
  private String applied = "";
  /** True while the bar sets its own controls: their changes are not the user's. */
  private boolean filling;

  /**
   * @param apply moves the compared timeline to the event given (null: back to time 0)
   * @param error shows a one-line message on the window's error line
   */
  AlignBar(Consumer<AlignAt> apply, Consumer<String> error) {
    this.apply = apply;
    this.error = error;
    kind.setId("alignKind");
    kind.getItems().setAll(AlignAt.Kind.values());
    kind.setPromptText("kind");
    kind.setConverter(new StringConverter<>() {
      @Override
      public String toString(AlignAt.Kind k) {
        return k == null ? "" : k.word();
      }

      @Override
      public AlignAt.Kind fromString(String s) {
        return kind.getItems().stream().filter(k -> k.word().equals(s)).findFirst().orElse(null);
      }
    });
    kind.valueProperty().addListener((p, was, now) -> {
      if (!filling) {
        fillNames(name.getEditor().getText());
      }
    });
    name.setId("alignAt");
    name.setEditable(true);
    name.setPromptText("lock, task or KIND:NAME");
    name.setPrefWidth(190);
    name.valueProperty().addListener((p, was, now) -> {
      if (!filling && now != null && name.getItems().contains(now) && !now.equals(applied)) {
        apply(now);
      }
    });
    // Enter applies what is typed, before the chooser commits it as its value.
    name.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
      if (e.getCode() == KeyCode.ENTER) {
        apply(name.getEditor().getText());
      }
    });
    Button button = new Button("Apply");
    button.setId("alignApply");
    button.setOnAction(e -> apply(name.getEditor().getText()));
    box = new HBox(4, new Label("Align at"), kind, name, button);
    box.setId("alignBar");
    box.setAlignment(Pos.CENTER_LEFT);
    showFor(List.of(), null);
  }

  HBox node() {
    return box;
  }

  /**
   * Shows the bar when {@code shown} has two timelines or more, its names those they share,
   * with {@code at} chosen (null: an empty control).
   */
  void showFor(List<TraceFile> shown, AlignAt at) {
    traces = List.copyOf(shown);
    box.setVisible(traces.size() >= 2);
    box.setManaged(traces.size() >= 2);
    select(at);
  }

  /** Shows {@code at} in the control (null: empty), as applied. */
  void select(AlignAt at) {
    filling = true;
    try {
      kind.setValue(at == null ? null : at.kind());
      fillNames(at == null ? "" : at.name());
      applied = at == null ? "" : at.name();
    } finally {
      filling = false;
    }
  }

  /** Lists the chosen kind's shared names, keeping {@code text} in the chooser. */
  private void fillNames(String text) {
    boolean was = filling;
    filling = true;
    try {
      AlignAt.Kind k = kind.getValue();
      name.getItems().setAll(k == null ? List.of() : SharedNames.of(k, traces));
      name.setValue(text);
      name.getEditor().setText(text);
    } finally {
      filling = was;
    }
  }

  /** Applies {@code text}: a name of the chosen kind, {@code KIND:NAME}, or 0 or nothing. */
  private void apply(String text) {
    AlignAt at;
    try {
      at = AlignAt.read(kind.getValue(), text, name.getItems());
    } catch (IllegalArgumentException e) {
      error.accept("locksim: " + e.getMessage());
      return;
    }
    applied = text == null ? "" : text.strip();
    apply.accept(at);
  }

  /** The heading of {@code o}'s timeline: its title, integrity and how far {@code at} moved it. */
  static String heading(Opened o, AlignAt at) {
    return o.title() + "   " + o.trace().integrity().message()
        + (o.shiftPs() == 0 || at == null ? "" : "   aligned at " + at.spec() + ", "
        + (o.shiftPs() > 0 ? "+" : "") + Picos.format(o.shiftPs()));
  }
}
