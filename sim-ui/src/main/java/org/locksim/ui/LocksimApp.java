package org.locksim.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The JavaFX application: one {@link MainWindow}, opening what the command line names. */
public final class LocksimApp extends Application {
  private MainWindow window;

  @Override
  public void start(Stage stage) {
    AppArgs args = AppArgs.parse(getParameters().getRaw().toArray(String[]::new));
    window = new MainWindow(stage);
    stage.setTitle("locksim");
    stage.setScene(new Scene(window.root(), 1280, 800));
    stage.show();
    if (args.file() != null) {
      window.open(args.file(), args.variant(), args.compare(), args.seed(), args.sets());
    }
  }

  @Override
  public void stop() {
    if (window != null) {
      window.closeAll();
    }
  }
}
