package org.locksim.ui;

import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Application;
import org.locksim.scenario.json.InputError;

/**
 * Starts the desktop app: {@code locksim-ui [FILE] [--variant NAME] [--compare NAME [--align
 * KIND:NAME]] [--seed N] [--set PATH=VALUE]... [--plugin PATH.jar]...}, or renders it headless
 * with {@code --snapshot OUT.png}. A plugin jar that cannot be loaded is bad input, one line
 * naming the jar and the class and exit 2, as on the command line; so are a scenario that its
 * {@code --set} overrides break and the other mistakes {@link LaunchCheck} finds, all before
 * any window opens, and the lack of a display, rather than JavaFX's stack trace. A main class that does
 * not extend {@link Application} lets JavaFX start from a shaded jar.
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
    Plugins plugins;
    try {
      plugins = Plugins.load(parsed.plugins());
    } catch (InputError e) {
      System.err.println("locksim-ui: " + e.format());
      System.exit(2);
      return;
    }
    java.util.Optional<String> bad = LaunchCheck.problem(parsed, plugins);
    if (bad.isPresent()) {
      System.err.println(bad.get());
      System.exit(2);
      return;
    }
    JAVAFX_LOG.setLevel(Level.SEVERE);
    if (parsed.snapshot() != null) {
      System.exit(SnapshotRun.render(parsed, plugins));
      return;
    }
    java.util.Optional<String> missing = DisplayCheck.missing(System.getenv(),
        System.getProperty("os.name", ""));
    if (missing.isPresent()) {
      System.err.println("locksim-ui: " + missing.get());
      System.exit(2);
      return;
    }
    try {
      LocksimApp.launch(args, plugins);
    } catch (RuntimeException | LinkageError e) {
      // JavaFX could not open its window (no GTK 3, a display that refuses): say it in a line.
      System.err.println("locksim-ui: cannot open a window (" + e.getMessage() + "): "
          + DisplayCheck.HOW);
      System.exit(1);
    }
  }
}
