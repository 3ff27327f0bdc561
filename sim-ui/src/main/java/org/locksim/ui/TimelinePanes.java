package org.locksim.ui;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.session.Opened;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.TimelineView;

/**
 * The window's stacked timelines: one pane per opened run or trace, a heading over its
 * timeline, all on the shared viewport and marks; it moves them along the shared axis when
 * they are aligned at another event, and closes their traces.
 */
final class TimelinePanes {
  private final SplitPane views = new SplitPane();
  private final Viewport viewport;
  private final Marks marks;
  private final List<Opened> opened = new ArrayList<>();
  private final List<TimelineView> timelines = new ArrayList<>();
  private final List<Label> headings = new ArrayList<>();

  TimelinePanes(Viewport viewport, Marks marks) {
    this.viewport = viewport;
    this.marks = marks;
    views.setOrientation(Orientation.VERTICAL);
  }

  SplitPane node() {
    return views;
  }

  /**
   * Shows {@code runs}, each at its own shift, headed as aligned at {@code align} (or null),
   * and sets the shared axis to their span; {@code hover} hears what is under the pointer.
   */
  void show(List<Opened> runs, AlignAt align, Consumer<String> hover) {
    opened.addAll(runs);
    fitBounds();
    for (Opened o : runs) {
      TimelineView t = new TimelineView(o.trace(), viewport, marks);
      t.setShift(o.shiftPs());
      t.setId("timeline" + timelines.size());
      t.underPointerProperty().addListener((p, a, b) -> hover.accept(b));
      timelines.add(t);
      Label title = new Label(AlignBar.heading(o, align));
      title.setPadding(new Insets(2, 6, 2, 6));
      headings.add(title);
      VBox pane = new VBox(title, t);
      VBox.setVgrow(t, Priority.ALWAYS);
      views.getItems().add(pane);
    }
  }

  /**
   * Moves the shown timelines to the shifts of {@code now} (the same runs, in the same order),
   * headed as aligned at {@code at} (or null), and sets the shared axis to their span.
   */
  void realign(List<Opened> now, AlignAt at) {
    opened.clear();
    opened.addAll(now);
    for (int i = 0; i < now.size(); i++) {
      timelines.get(i).setShift(now.get(i).shiftPs());
      headings.get(i).setText(AlignBar.heading(now.get(i), at));
    }
    fitBounds();
  }

  /** Sets the shared axis's bounds to the opened timelines' span, as they are shifted. */
  private void fitBounds() {
    long end = opened.stream().mapToLong(o -> o.axisPs(o.trace().endPs())).max().orElse(1);
    long start = opened.stream().mapToLong(o -> o.axisPs(o.trace().startPs())).min().orElse(0);
    viewport.setBounds(Math.min(start, end), end);
  }

  /**
   * Closes every open trace (deleting the app's temporary ones) and empties the panes; {@code
   * failed} hears each trace that could not be deleted.
   */
  void closeAll(Consumer<String> failed) {
    timelines.forEach(TimelineView::dispose);
    timelines.clear();
    headings.clear();
    views.getItems().clear();
    for (Opened o : opened) {
      try {
        o.close();
      } catch (IOException e) {
        failed.accept("could not delete " + o.trace().path() + ": " + e.getMessage());
      }
    }
    opened.clear();
  }

  List<Opened> opened() {
    return List.copyOf(opened);
  }

  /** The timelines' headings as shown: title, integrity and, when moved, the event and shift. */
  List<String> headings() {
    return headings.stream().map(Label::getText).toList();
  }

  List<TimelineView> timelines() {
    return List.copyOf(timelines);
  }
}
