package org.locksim.ui;

import java.util.List;
import javafx.scene.control.CheckBox;
import org.locksim.ui.view.TimelineView;

/**
 * The tool bar's check boxes that choose what every timeline shows: the CPU, task and lock
 * sections, the counter tracks and the arrows; all on at first.
 */
final class Sections {
  private final CheckBox cpus = new CheckBox("CPUs");
  private final CheckBox tasks = new CheckBox("Tasks");
  private final CheckBox locks = new CheckBox("Locks");
  private final CheckBox counters = new CheckBox("Counters");
  private final CheckBox arrows = new CheckBox("Arrows");

  /** Check boxes that call {@code changed} when one is toggled. */
  Sections(Runnable changed) {
    for (CheckBox c : boxes()) {
      c.setSelected(true);
      c.setId(c.getText().toLowerCase(java.util.Locale.ROOT));
      c.setOnAction(e -> changed.run());
    }
  }

  /** The check boxes, in tool bar order. */
  List<CheckBox> boxes() {
    return List.of(cpus, tasks, locks, counters, arrows);
  }

  /** Shows in each of {@code views} what the boxes ask for. */
  void applyTo(List<TimelineView> views) {
    for (TimelineView t : views) {
      t.showSections(cpus.isSelected(), tasks.isSelected(), locks.isSelected());
      t.showCounters(counters.isSelected());
      t.showArrows(arrows.isSelected());
    }
  }
}
