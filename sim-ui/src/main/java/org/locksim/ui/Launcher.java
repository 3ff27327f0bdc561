package org.locksim.ui;

import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Starts the desktop app: {@code locksim-ui [FILE] [--variant NAME] [--compare NAME] [--seed N]}.
 * A main class that does not extend {@link Application} lets JavaFX start from a shaded jar.
 */
public final class Launcher {
  /**
   * JavaFX warns that it was loaded from the class path rather than as modules, which is how a
   * single jar carries it; the warning says nothing a user can act on. Held here so the level
   * set on it is not lost when the logger would otherwise be collected.
   */
  private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

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
    JAVAFX_LOG.setLevel(Level.SEVERE);
    Application.launch(LocksimApp.class, args);
  }
}
