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

  void clear() {
    label.setText("");
    label.setManaged(false);
    label.setVisible(false);
  }
}
