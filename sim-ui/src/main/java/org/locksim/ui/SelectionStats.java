package org.locksim.ui;

import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.util.Duration;
import org.locksim.trace.RowKind;
import org.locksim.trace.TraceFile;
import org.locksim.ui.selection.IntervalStats;
import org.locksim.ui.selection.Selection;
import org.locksim.ui.selection.StatsText;
import org.locksim.ui.session.Opened;
import org.locksim.ui.timeline.Marks;

/**
 * Measures the selected interval in every open run once the selection has stopped changing
 * for a moment, on a background thread (a whole-run selection reads the whole trace), and
 * hands the text to the side pane; a newer selection makes an older result be dropped.
 */
final class SelectionStats {
  private static final Duration SETTLE = Duration.millis(200);
  static final String NONE = "No selection. Drag on the time axis to select an interval.";

  private final Supplier<List<Opened>> opened;
  private final Marks marks;
  private final Consumer<String> show;
  private final PauseTransition settle = new PauseTransition(SETTLE);
  private long lastFrom = -1;
  private long lastTo = -1;
  private int generation;

  SelectionStats(Supplier<List<Opened>> opened, Marks marks, Consumer<String> show) {
    this.opened = opened;
    this.marks = marks;
    this.show = show;
    settle.setOnFinished(e -> measure());
  }

  /** Called on every change of the marks: restarts the wait when the selection moved. */
  void changed() {
    if (marks.selectionFromPs() == lastFrom && marks.selectionToPs() == lastTo) {
      return;
    }
    lastFrom = marks.selectionFromPs();
    lastTo = marks.selectionToPs();
    generation++;
    settle.playFromStart();
  }

  /** Measures now, on the calling thread; for tests and the headless picture. */
  String measureNow() {
    return text(opened.get());
  }

  private void measure() {
    if (!marks.hasSelection()) {
      show.accept(NONE);
      return;
    }
    int mine = generation;
    List<Opened> runs = opened.get();
    Background.run("locksim-selection", () -> text(runs), text -> {
      if (mine == generation) {
        show.accept(text);
      }
    }, t -> show.accept("could not measure the selection: " + t));
  }

  private String text(List<Opened> runs) {
    if (!marks.hasSelection()) {
      return NONE;
    }
    StringBuilder sb = new StringBuilder();
    for (Opened o : runs) {
      TraceFile t = o.trace();
      // The marks are on the shared axis; a trace aligned at an event has its own times.
      Selection sel = new Selection(marks.selectionFromPs() - o.shiftPs(),
          marks.selectionToPs() - o.shiftPs(),
          lanes(RowKind.CPU, t.cpuCount()), lanes(RowKind.TASK, t.taskCount()),
          lanes(RowKind.LOCK, t.lockCount()));
      sb.append(o.title()).append('\n').append(StatsText.format(IntervalStats.measure(t, sel)))
          .append('\n');
    }
    return sb.toString();
  }

  private BitSet lanes(RowKind kind, int count) {
    BitSet b = new BitSet(count);
    for (int i = 0; i < count; i++) {
      if (marks.laneSelected(kind, i)) {
        b.set(i);
      }
    }
    return b;
  }
}
