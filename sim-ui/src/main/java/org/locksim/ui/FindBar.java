package org.locksim.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import org.locksim.trace.Picos;
import org.locksim.ui.search.Search;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.RowLayout;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.TimelineView;

/**
 * The search field: typing a task, lock or kernel function name and pressing Enter marks the
 * matching lanes in every view; the arrows step the cursor to the previous or next occurrence
 * in time (the earliest among the views), scrolling the lane into view.
 */
final class FindBar {
  private final TextField field = new TextField();
  private final Label count = new Label();
  private final HBox box;
  private final Supplier<List<TimelineView>> views;
  private final Viewport viewport;
  private final Marks marks;
  private final Consumer<String> status;
  private final List<Search> searches = new ArrayList<>();
  private List<TimelineView> searched = List.of();
  private String searchedText = "";

  FindBar(Supplier<List<TimelineView>> views, Viewport viewport, Marks marks, Consumer<String> status) {
    this.views = views;
    this.viewport = viewport;
    this.marks = marks;
    this.status = status;
    field.setId("search");
    field.setPromptText("find task, lock, function");
    field.setPrefColumnCount(14);
    field.setOnAction(e -> {
      search();
      step(true);
    });
    Button prev = new Button("◀");
    prev.setId("searchPrev");
    prev.setOnAction(e -> step(false));
    Button next = new Button("▶");
    next.setId("searchNext");
    next.setOnAction(e -> step(true));
    box = new HBox(4, field, prev, next, count);
    box.setAlignment(Pos.CENTER_LEFT);
  }

  HBox node() {
    return box;
  }

  TextField field() {
    return field;
  }

  /** Matches the field's text in every view and marks the lanes. */
  void search() {
    searches.clear();
    searched = views.get();
    searchedText = field.getText();
    for (TimelineView v : views.get()) {
      Search s = new Search(v.trace(), field.getText());
      searches.add(s);
      v.setSearch(s.isEmpty() ? null : s);
    }
    String summary = searches.isEmpty() ? "" : searches.get(0).summary();
    count.setText(summary);
    if (!searches.isEmpty() && searches.get(0).isEmpty() && !field.getText().isBlank()) {
      status.accept("nothing named like \"" + field.getText().trim() + "\"");
    }
  }

  /** Moves the cursor to the next (or previous) occurrence in any view. */
  void step(boolean forward) {
    if (!searched.equals(views.get()) || !searchedText.equals(field.getText())) {
      search();
    }
    long from = marks.cursorPs() >= 0 ? marks.cursorPs() : forward ? viewport.startPs() - 1 : viewport.endPs();
    Search.Hit best = null;
    int bestView = -1;
    long bestPs = 0;
    for (int i = 0; i < searches.size(); i++) {
      // A search steps in its trace's times; the cursor is on the shared axis.
      long shift = views.get().get(i).shiftPs();
      Optional<Search.Hit> h = forward ? searches.get(i).next(from - shift)
          : searches.get(i).previous(from - shift);
      long at = h.map(x -> x.ps() + shift).orElse(0L);
      if (h.isPresent() && (best == null || (forward ? at < bestPs : at > bestPs))) {
        best = h.get();
        bestView = i;
        bestPs = at;
      }
    }
    if (best == null) {
      status.accept("no " + (forward ? "later" : "earlier") + " occurrence of \"" + field.getText().trim() + "\"");
      return;
    }
    TimelineView v = views.get().get(bestView);
    CursorMoves.goTo(viewport, marks, bestPs);
    RowLayout.Line lane = v.rows().lane(best.kind(), best.index());
    if (lane != null) {
      v.reveal(lane);
    }
    status.accept(Picos.format(best.ps()) + ": " + best.what() + " on " + (lane == null ? best.kind() : lane.label()));
  }
}
