package org.locksim.ui;

import javafx.application.Application;

/**
 * Starts the desktop app: {@code locksim-ui [FILE] [--variant NAME] [--compare NAME] [--seed N]}.
 * A main class that does not extend {@link Application} lets JavaFX start from a shaded jar.
 */
public final class Launcher {
  private Launcher() { }

  public static void main(String[] args) {
    AppArgs parsed;
    try {
      parsed = AppArgs.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("locksim-ui: " + e.getMessage());
      System.err.println(AppArgs.USAGE);
      System.exit(2);
      return;
    }
    if (parsed.help()) {
      System.out.println(AppArgs.USAGE);
      return;
    }
    Application.launch(LocksimApp.class, args);
  }
}
