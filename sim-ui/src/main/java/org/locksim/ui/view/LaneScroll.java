package org.locksim.ui.view;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.control.ScrollBar;
import org.locksim.ui.timeline.RowLayout;

/**
 * The vertical scroll of a timeline's lanes under its fixed time axis: how far down the lanes
 * are scrolled, which lines a frame of a given height shows, and scrolling a line into view.
 */
final class LaneScroll {
  private final ScrollBar bar = new ScrollBar();

  /** A scroll bar that calls {@code onScroll} whenever the lanes move. */
  LaneScroll(Runnable onScroll) {
    bar.setOrientation(Orientation.VERTICAL);
    bar.valueProperty().addListener((o, a, b) -> onScroll.run());
  }

  ScrollBar node() {
    return bar;
  }

  /** Returns how many pixels of lanes are scrolled out above the top. */
  double top() {
    return bar.getValue();
  }

  /** Fits the bar to lanes {@code height} pixels tall seen through {@code visible} pixels. */
  void fit(double height, double visible) {
    double max = Math.max(0, height - visible);
    bar.setMin(0);
    bar.setMax(max);
    bar.setVisibleAmount(max == 0 ? 1 : visible * max / height);
    bar.setUnitIncrement(RowLayout.LANE_PX);
    bar.setBlockIncrement(visible);
    bar.setValue(Math.min(bar.getValue(), max));
    bar.setDisable(max == 0);
  }

  /** Scrolls the lanes up by {@code dy} pixels (down for a negative one). */
  void scrollBy(double dy) {
    bar.setValue(clamp(bar.getValue() - dy));
  }

  /** Scrolls so that {@code line} is in view through {@code visible} pixels, a third down. */
  void reveal(RowLayout.Line line, double visible) {
    double top = bar.getValue();
    if (line.y() < top || line.y() + line.height() > top + visible) {
      bar.setValue(clamp(line.y() - visible / 3));
    }
  }

  /** Returns the lines of {@code layout} that show through {@code visible} pixels. */
  List<RowLayout.Line> visibleLines(RowLayout layout, double visible) {
    double top = bar.getValue();
    double bottom = top + visible;
    List<RowLayout.Line> out = new ArrayList<>();
    for (RowLayout.Line l : layout.lines()) {
      if (l.y() + l.height() > top && l.y() < bottom) {
        out.add(l);
      }
    }
    return out;
  }

  private double clamp(double v) {
    return Math.max(bar.getMin(), Math.min(bar.getMax(), v));
  }
}
