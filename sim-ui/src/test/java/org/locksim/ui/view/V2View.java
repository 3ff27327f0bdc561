package org.locksim.ui.view;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.locksim.scenario.Scenario;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.ui.session.Opened;
import org.locksim.ui.timeline.Viewport;

/**
 * The view tests' picture: the README's example (V2 with owner spinning) run for 1 ms and its
 * whole trace shown in a 1200x500 timeline on {@code stage}.
 *
 * @param opened the run and its trace
 * @param view the timeline showing it
 */
record V2View(Opened opened, TimelineView view) implements AutoCloseable {
  static V2View show(Stage stage) throws Exception {
    List<Scenario> s = ScenarioLoader.standard().load(Path.of("../scenarios/v2-linux-adaptive-spin.json"),
        List.of("run.warmupMs=0", "run.durationMs=1"));
    Opened opened = Opened.run(s.get(1), 1);
    TimelineView view = new TimelineView(opened.trace(), new Viewport(opened.trace().startPs(), opened.trace().endPs()));
    stage.setScene(new Scene(view, 1200, 500));
    stage.show();
    return new V2View(opened, view);
  }

  /** Stops the view's background reads, then closes the run and its trace. */
  @Override
  public void close() throws Exception {
    view.dispose();
    opened.close();
  }
}
