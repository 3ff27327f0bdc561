package org.locksim.ui;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.paint.Color;

/**
 * The red line under the tool bars that shows bad input as the command line prints it
 * ({@code file:line:col: $.path: what was expected}); it takes no room while empty.
 */
final class ErrorLine {
  private final Label label = new Label();

  ErrorLine() {
    label.setId("error");
    label.setTextFill(Color.web("#b00020"));
    label.setWrapText(true);
    label.setPadding(new Insets(4, 8, 4, 8));
    clear();
  }

  Label node() {
    return label;
  }

  void show(String message) {
    label.setText(message);
    label.setManaged(true);
    label.setVisible(true);
  }

  /** Says why a file could not be read, in words rather than an exception's bare path. */
  static String reason(Exception e) {
    Throwable t = e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
    return t instanceof java.nio.file.NoSuchFileException ? "no such file"
        : t instanceof java.nio.file.AccessDeniedException ? "permission denied" : t.getMessage();
  }

  void clear() {
    label.setText("");
    label.setManaged(false);
    label.setVisible(false);
  }
}
