package org.locksim.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.json.InputError;
import org.locksim.trace.TraceFormatException;
import org.locksim.ui.align.AlignAt;
import org.locksim.ui.session.Opened;
import org.locksim.ui.session.TraceSource;
import org.locksim.ui.timeline.Marks;
import org.locksim.ui.timeline.Viewport;
import org.locksim.ui.view.SvgExport;
import org.locksim.ui.view.TimelineView;

/**
 * The window: a tool bar (open, add a plugin jar, variant, compare-with variant, seed, run,
 * fit, sections, counters, arrows, side pane), a second one (search, replay steps and play, save PNG,
 * with two timelines the event to align them at), one
 * timeline per run stacked on one shared time axis with shared marks (selection, cursor), a
 * collapsible side pane with each run's perf stat block and the selection's statistics, and
 * a status line saying what is under the pointer or what the replay stepped to. Bad input is
 * shown in a red line as the command line prints it ({@code file:line:col: ...}); runs happen
 * on a background thread.
 */
final class MainWindow {
  private static final String NONE = "(none)";
  /** The most of the window's width the side pane takes: the timelines keep the rest. */
  private static final double SIDE_MAX = 0.3;

  private final Stage stage;
  private final BorderPane root = new BorderPane();
  private final ComboBox<String> variant = new ComboBox<>();
  private final ComboBox<String> compare = new ComboBox<>();
  private final TextField seed = new TextField();
  private final Button run = new Button("Run");
  private final Sections sections = new Sections(this::applySections);
  private final ErrorLine error = new ErrorLine();
  private final Label status = new Label("Open a scenario (.json) or a trace (.lst).");
  private final CheckBox side = new CheckBox("Side pane");
  private final SplitPane center = new SplitPane();
  private final Viewport viewport = new Viewport(0, 1);
  private final Marks marks = new Marks();
  private final TimelinePanes panes = new TimelinePanes(viewport, marks);
  private final SplitPane views = panes.node();
  private final SidePane sidePane = new SidePane();
  private final SelectionStats selectionStats = new SelectionStats(this::opened, marks,
      sidePane::showStats);
  private final FindBar find = new FindBar(this::timelines, viewport, marks, status::setText);
  private final ReplayBar replay = new ReplayBar(this::timelines, viewport, marks, status::setText, root);
  private final AlignBar alignBar = new AlignBar(this::realign, this::showError);
  private CompletableFuture<Void> ready = new CompletableFuture<>();
  private List<Scenario> scenarios = List.of();
  private Plugins plugins;
  /** The event the compared timeline is aligned at now, or null. */
  private AlignAt align;
  /** The event the next comparison opened is aligned at ({@code --align}), or null. */
  private AlignAt alignNext;

  /** A window whose scenarios may name the bundled lock algorithms only (until a plugin is added). */
  MainWindow(Stage stage) {
    this(stage, Plugins.none());
  }

  /** A window whose scenarios may also name the algorithms of {@code plugins}. */
  MainWindow(Stage stage, Plugins plugins) {
    this.stage = stage;
    this.plugins = plugins;
    Button open = button("Open…", "open");
    open.setOnAction(e -> chooseFile());
    Button plugin = button("Plugin…", "plugin");
    plugin.setOnAction(e -> Dialogs.openJar(stage).ifPresent(this::addPlugin));
    run.setId("run");
    run.setDisable(true);
    run.setOnAction(e -> runSelected());
    variant.setId("variant");
    compare.setId("compare");
    seed.setId("seed");
    seed.setPrefColumnCount(6);
    Button fit = button("Fit", "fit");
    fit.setOnAction(e -> viewport.fit());
    side.setSelected(true);
    side.setId("side");
    side.setOnAction(e -> applySide());
    Button save = button("Save picture…", "savePng");
    save.setOnAction(e -> savePng());
    ToolBar bar = new ToolBar(open, plugin, new Separator(), new Label("Variant"), variant,
        new Label("compare with"), compare, new Label("seed"), seed, run, new Separator(), fit,
        side);
    bar.getItems().addAll(bar.getItems().size() - 1, sections.boxes());
    ToolBar bar2 = new ToolBar(find.node(), new Separator(), replay.node(), new Separator(), save,
        alignBar.node());
    root.setTop(new VBox(bar, bar2, error.node()));
    center.getItems().setAll(views, sidePane.node());
    center.setDividerPositions(0.78);
    SplitPane.setResizableWithParent(sidePane.node(), false);
    marks.addListener(selectionStats::changed);
    root.setCenter(center);
    status.setId("status");
    HBox legend = org.locksim.ui.view.Legend.box();
    // The status line has a row of its own: the replay's narration is read in full.
    status.setMinWidth(0);
    VBox bottom = new VBox(2, legend, status);
    bottom.setPadding(new Insets(3, 8, 3, 8));
    root.setBottom(bottom);
  }

  javafx.scene.Parent root() {
    return root;
  }

  /**
   * Opens a scenario (running its variant, and the compared one, with {@code sets} applied) or
   * a trace; the result completes when the timelines are shown, or exceptionally with the
   * error line.
   */
  CompletableFuture<Void> open(Path file, String variantName, String compareName, Long seedValue,
      List<String> sets) {
    ready = new CompletableFuture<>();
    clearError();
    try {
      if (TraceSource.isTrace(file)) {
        scenarios = List.of();
        variant.getItems().clear();
        compare.getItems().clear();
        run.setDisable(true);
        show(compareName == null ? List.of(TraceSource.open(file))
            : List.of(TraceSource.open(file), TraceSource.open(TraceSource.second(compareName))));
        return ready;
      }
      scenarios = plugins.loader().load(file, sets);
    } catch (InputError e) {
      showError("locksim: " + e.format());
      return ready;
    } catch (TraceFormatException e) {
      showError("locksim: " + file + ": not a readable trace: " + e.getMessage());
      return ready;
    } catch (IOException | UncheckedIOException e) {
      showError("locksim: " + file + ": cannot read: " + ErrorLine.reason(e));
      return ready;
    } catch (IllegalArgumentException e) {
      showError(e.getMessage());
      return ready;
    }
    List<String> names = Variants.names(scenarios);
    variant.getItems().setAll(names);
    compare.getItems().setAll(NONE);
    compare.getItems().addAll(names);
    variant.getSelectionModel().select(pick(names, variantName, "--variant", 0));
    compare.getSelectionModel().select(compareName == null ? 0
        : 1 + pick(names, compareName, "--compare", 0));
    seed.setText(Long.toString(seedValue != null ? seedValue : scenarios.get(0).run().seed()));
    stage.setTitle(title(file, sets));
    run.setDisable(false);
    runSelected();
    return ready;
  }

  private int pick(List<String> names, String wanted, String option, int fallback) {
    java.util.Optional<String> missing = Variants.missing(names, wanted, option);
    missing.ifPresent(this::showError);
    return wanted == null || missing.isPresent() ? fallback : names.indexOf(wanted);
  }

  private void runSelected() {
    long s;
    try {
      s = Long.parseLong(seed.getText().trim());
    } catch (NumberFormatException e) {
      showError("locksim: seed: expected a whole number, got '" + seed.getText() + "'");
      return;
    }
    List<Scenario> chosen = new ArrayList<>();
    chosen.add(scenarios.get(Math.max(0, variant.getSelectionModel().getSelectedIndex())));
    int c = compare.getSelectionModel().getSelectedIndex();
    if (c > 0) {
      chosen.add(scenarios.get(c - 1));
    }
    run.setDisable(true);
    status.setText("running " + String.join(" and ", chosen.stream().map(Scenario::label).toList())
        + " …");
    Background.run("locksim-run", () -> {
      List<Opened> out = new ArrayList<>();
      for (Scenario sc : chosen) {
        out.add(Opened.run(sc, s));
      }
      return out;
    }, done -> {
      run.setDisable(false);
      show(done);
    }, t -> {
      run.setDisable(false);
      showError(t instanceof InputError ie ? "locksim: " + ie.format()
          : Plugins.blame(t).orElse("locksim: the run failed: " + t));
    });
  }

  /**
   * Aligns the compared timeline of the next comparison opened at {@code at}'s event (null: at
   * time 0), as {@code --align} does; the one after it opens at time 0 again.
   */
  void alignAt(AlignAt at) {
    alignNext = at;
  }

  private void show(List<Opened> runs) {
    closeAll();
    List<Opened> now = runs;
    align = null;
    try {
      now = alignNext == null ? runs : alignNext.applyTo(runs);
      align = alignNext;
    } catch (IllegalArgumentException e) {
      showError("locksim: " + e.getMessage());
    }
    alignNext = null;
    panes.show(now, align, b -> status.setText(b.isEmpty() ? hint() : b));
    StringBuilder text = new StringBuilder();
    for (Opened o : now) {
      text.append(o.title()).append('\n').append(o.report()).append('\n');
    }
    applySections();
    alignBar.showFor(now.stream().map(Opened::trace).toList(), align);
    sidePane.report().setText(text.toString());
    fitReport();
    status.setText(hint());
    ready.complete(null);
  }

  /**
   * Moves the compared timeline so that {@code at}'s event sits under the first's (null: back
   * to time 0), as {@code --align} does; an event a trace lacks is the error line and nothing
   * moves.
   */
  private void realign(AlignAt at) {
    clearError();
    List<Opened> now;
    try {
      List<Opened> shown = panes.opened();
      now = at == null ? shown.stream().map(o -> o.shifted(0)).toList() : at.applyTo(shown);
    } catch (IllegalArgumentException e) {
      showError("locksim: " + e.getMessage());
      return;
    }
    align = at;
    panes.realign(now, at);
    alignBar.select(at);
    selectionStats.changed();
  }

  /**
   * Gives the side pane the width of the perf stat block's longest line, but never more than
   * {@link #SIDE_MAX} of the window: the timelines keep most of it (the pane also collapses).
   */
  private void fitReport() {
    double total = center.getWidth() > 0 ? center.getWidth() : stage.getWidth();
    if (side.isSelected() && total > 0) {
      double wanted = sidePane.reportWidth();
      center.setDividerPositions(Math.max(1 - SIDE_MAX, Math.min(0.85, 1 - wanted / total)));
    }
  }

  private void applySide() {
    if (side.isSelected()) {
      center.getItems().setAll(views, sidePane.node());
      fitReport();
    } else {
      center.getItems().setAll(views);
    }
  }

  private void savePng() {
    Dialogs.savePicture(stage).ifPresent(f -> {
      try {
        writePicture(f, views);
        status.setText("saved " + f);
      } catch (IOException e) {
        showError("locksim: " + f + ": cannot write: " + e.getMessage());
      }
    });
  }

  /**
   * Adds the lock algorithms of {@code jar} for the scenarios opened from now on; a bad jar is
   * the error line the command line prints, and the algorithms stay as they were.
   */
  void addPlugin(Path jar) {
    clearError();
    try {
      plugins = plugins.with(jar);
      status.setText("plugin " + jar + ": " + String.join(", ", plugins.namesFrom(jar))
          + " (open a scenario to use them)");
    } catch (InputError e) {
      showError("locksim: " + e.format());
    }
  }

  /** The window's title: the scenario file and the overrides in effect, as the command line has them. */
  static String title(Path file, List<String> sets) {
    StringBuilder t = new StringBuilder("locksim: ").append(file.getFileName());
    sets.forEach(a -> t.append(" --set ").append(a));
    return t.toString();
  }

  /** Writes {@code node} as PNG, or the timelines as SVG when {@code file} ends in .svg. */
  private void writePicture(Path file, javafx.scene.Node node) throws IOException {
    if (file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".svg")) {
      SvgExport.write(timelines(), panes.headings(), file);
    } else {
      Png.write(node, file);
    }
  }

  /** Writes what the window shows to {@code file} (the timelines only, as SVG, for .svg). */
  void writePng(Path file) throws IOException {
    writePicture(file, root);
  }

  Viewport viewport() {
    return viewport;
  }

  Marks marks() {
    return marks;
  }

  String statsText() {
    return sidePane.statsText();
  }

  String statusText() {
    return status.getText();
  }

  List<Opened> opened() {
    return panes.opened();
  }

  private static String hint() {
    return "wheel: zoom · drag: pan · drag on the axis: select (shift-drag: those lanes)"
        + " · click on the axis: cursor · double-click: whole run · W/S/A/D";
  }

  private void applySections() {
    sections.applyTo(timelines());
  }

  /** Closes every open trace (deleting the app's temporary ones) and empties the views. */
  void closeAll() {
    replay.stop();
    marks.setCursor(-1);
    marks.clearSelection();
    panes.closeAll(status::setText);
  }

  List<TimelineView> timelines() {
    return panes.timelines();
  }

  private void chooseFile() {
    Dialogs.openScenarioOrTrace(stage).ifPresent(f -> open(f, null, null, null, List.of()));
  }

  private void showError(String message) {
    ready.completeExceptionally(new IllegalArgumentException(message));
    error.show(message);
    status.setText("");
  }

  private void clearError() {
    error.clear();
  }

  private static Button button(String text, String id) {
    Button b = new Button(text);
    b.setId(id);
    return b;
  }

}
