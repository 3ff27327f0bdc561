package org.locksim.ui;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.Picos;
import org.locksim.ui.replay.EventSteps;
import org.locksim.ui.replay.LockScene;
import org.locksim.ui.replay.Narrator;
import org.locksim.ui.replay.ReplayClock;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.TimelineView;

/**
 * The replay controls of the first view's run: step the cursor to the previous or next event
 * of the chosen kind (hand-off, wakeup, migration) with the status line narrating it and
 * saying who holds, spins on and sleeps on the lock just after, or play the run forward at a
 * chosen speed in simulated microseconds per second. The keys ']' and '[' step too.
 */
final class ReplayBar {
  private static final List<String> KINDS = List.of("hand-offs", "wakeups", "migrations", "all events");

  private final ComboBox<String> kind = new ComboBox<>();
  private final TextField speed = new TextField("10");
  private final Button play = new Button("Play");
  private final HBox box;
  private final Supplier<List<TimelineView>> views;
  private final Viewport viewport;
  private final Marks marks;
  private final Consumer<String> status;
  private final AnimationTimer timer;
  private long lastNanos = -1;
  private ReplayClock clock;

  /** Controls over {@code views}; ']' and '[' anywhere in {@code window} step forward and back. */
  ReplayBar(Supplier<List<TimelineView>> views, Viewport viewport, Marks marks, Consumer<String> status,
      javafx.scene.Parent window) {
    this.views = views;
    this.viewport = viewport;
    this.marks = marks;
    this.status = status;
    kind.getItems().setAll(KINDS);
    kind.getSelectionModel().select(0);
    kind.setId("eventKind");
    Button prev = new Button("◀");
    prev.setId("eventPrev");
    prev.setOnAction(e -> step(false));
    Button next = new Button("▶");
    next.setId("eventNext");
    next.setOnAction(e -> step(true));
    play.setId("play");
    play.setOnAction(e -> togglePlay());
    speed.setId("speed");
    speed.setPrefColumnCount(4);
    timer = new AnimationTimer() {
      @Override
      public void handle(long now) {
        tick(now);
      }
    };
    box = new HBox(4, new Label("Step"), kind, prev, next, play, speed, new Label("us/s"));
    window.addEventFilter(javafx.scene.input.KeyEvent.KEY_TYPED, e -> {
      boolean typing = window.getScene() != null
          && window.getScene().getFocusOwner() instanceof javafx.scene.control.TextInputControl;
      if (!typing && ("]".equals(e.getCharacter()) || "[".equals(e.getCharacter()))) {
        step("]".equals(e.getCharacter()));
        e.consume();
      }
    });
    box.setAlignment(Pos.CENTER_LEFT);
  }

  HBox node() {
    return box;
  }

  /** Moves the cursor to the next (or previous) event and narrates it; returns the event. */
  Optional<Arrow> step(boolean forward) {
    List<TimelineView> vs = views.get();
    if (vs.isEmpty()) {
      return Optional.empty();
    }
    TimelineView v = vs.get(0);
    EventSteps steps = new EventSteps(v.trace(), kinds());
    long from = marks.cursorPs() >= 0 ? marks.cursorPs() : forward ? viewport.startPs() - 1 : viewport.endPs();
    Optional<Arrow> a = forward ? steps.next(from - v.shiftPs()) : steps.previous(from - v.shiftPs());
    if (a.isEmpty()) {
      status.accept("no " + (forward ? "later " : "earlier ") + kind.getValue());
      return a;
    }
    CursorMoves.goTo(viewport, marks, a.get().fromPs() + v.shiftPs());
    String scene = a.get().lock() < 0 ? ""
        : " · then " + new LockScene(v.trace()).at(a.get().lock(), a.get().toPs());
    status.accept(new Narrator(v.trace()).narrate(a.get()) + scene);
    return a;
  }

  private Set<ArrowKind> kinds() {
    return switch (kind.getSelectionModel().getSelectedIndex()) {
      case 1 -> EnumSet.of(ArrowKind.WAKEUP);
      case 2 -> EnumSet.of(ArrowKind.MIGRATION);
      case 3 -> EnumSet.allOf(ArrowKind.class);
      default -> EnumSet.of(ArrowKind.HANDOFF);
    };
  }

  private void togglePlay() {
    if (clock != null) {
      stop();
      return;
    }
    double usPerS;
    try {
      usPerS = Double.parseDouble(speed.getText().trim());
      clock = new ReplayClock(viewport.maxPs(), usPerS);
    } catch (IllegalArgumentException e) {
      status.accept("speed: expected simulated microseconds per second above 0, got '" + speed.getText() + "'");
      return;
    }
    if (marks.cursorPs() < 0 || clock.finished(marks.cursorPs())) {
      marks.setCursor(viewport.startPs());
    }
    play.setText("Pause");
    lastNanos = -1;
    timer.start();
  }

  /** Stops playing. */
  void stop() {
    timer.stop();
    clock = null;
    play.setText("Play");
  }

  private void tick(long now) {
    if (clock == null) {
      return;
    }
    long ps = marks.cursorPs();
    if (lastNanos >= 0) {
      ps = clock.advance(ps, now - lastNanos);
      CursorMoves.follow(viewport, marks, ps);
      status.accept("playing at " + speed.getText().trim() + " us/s: " + Picos.format(ps));
    }
    lastNanos = now;
    if (clock.finished(ps)) {
      stop();
    }
  }
}
