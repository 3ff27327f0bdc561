package org.locksim.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/** The JavaFX application: one {@link MainWindow}, opening what the command line names. */
public final class LocksimApp extends Application {
  /** The plugins the launcher loaded; JavaFX makes the application, so it is handed over here. */
  private static volatile Plugins launched;
  private MainWindow window;

  /** Starts the app with {@code args} and the plugin jars already loaded from them. */
  static void launch(String[] args, Plugins plugins) {
    launched = plugins;
    Application.launch(LocksimApp.class, args);
  }

  @Override
  public void start(Stage stage) {
    AppArgs args = AppArgs.parse(getParameters().getRaw().toArray(String[]::new));
    Plugins plugins = launched != null ? launched : Plugins.load(args.plugins());
    window = new MainWindow(stage, plugins);
    stage.setTitle("locksim");
    stage.setScene(new Scene(window.root(), 1280, 800));
    stage.show();
    if (args.file() != null) {
      window.alignAt(args.align());
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
