package org.locksim.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/** The window's file dialogs: open a scenario or trace, add a plugin jar, save a picture. */
final class Dialogs {
  private Dialogs() { }

  /** Asks for a scenario (.json) or a trace (.lst) to open. */
  static Optional<Path> openScenarioOrTrace(Stage stage) {
    FileChooser chooser = new FileChooser();
    chooser.setTitle("Open a scenario or a trace");
    chooser.getExtensionFilters().addAll(
        new FileChooser.ExtensionFilter("Scenarios and traces", "*.json", "*.lst"),
        new FileChooser.ExtensionFilter("All files", "*"));
    return path(chooser.showOpenDialog(stage));
  }

  /** Asks for a plugin jar of lock algorithms (docs/extending.md). */
  static Optional<Path> openJar(Stage stage) {
    FileChooser chooser = new FileChooser();
    chooser.setTitle("Add the lock algorithms of a plugin jar");
    chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Plugin jars", "*.jar"),
        new FileChooser.ExtensionFilter("All files", "*"));
    return path(chooser.showOpenDialog(stage));
  }

  /** Asks where to save the timelines, as PNG or SVG. */
  static Optional<Path> savePicture(Stage stage) {
    FileChooser chooser = new FileChooser();
    chooser.setTitle("Save the timelines as a picture");
    chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("PNG", "*.png"),
        new FileChooser.ExtensionFilter("SVG", "*.svg"));
    return path(chooser.showSaveDialog(stage));
  }

  private static Optional<Path> path(File f) {
    return Optional.ofNullable(f).map(File::toPath);
  }
}
