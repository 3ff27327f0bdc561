package org.locksim.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.ui.session.Opened;
import org.locksim.ui.session.TraceSource;

/**
 * What the launcher checks before any window opens, so that bad input is one line and exit
 * status 2 as on the command line rather than a window with an error in it: a scenario is
 * loaded with its {@code --set} overrides by the command line's loader (the same messages, as
 * {@code locksim run} prints them) and must have the variants {@code --variant} and {@code
 * --compare} name; two traces compared {@code --align}ed at an event must both have it.
 */
final class LaunchCheck {
  private LaunchCheck() { }

  /** Returns the one-line message for what is wrong with {@code args}, or empty. */
  static Optional<String> problem(AppArgs args, Plugins plugins) {
    Path file = args.file();
    if (file == null) {
      return Optional.empty();
    }
    try {
      if (isTrace(file)) {
        return args.align() == null ? Optional.empty() : alignment(args);
      }
      List<String> names = Variants.names(plugins.loader().load(file, args.sets()));
      return Variants.missing(names, args.variant(), "--variant")
          .or(() -> Variants.missing(names, args.compare(), "--compare"));
    } catch (InputError e) {
      return Optional.of("locksim: " + e.format());
    }
  }

  /** True for a trace; a file that cannot be read is left to the scenario loader to report. */
  private static boolean isTrace(Path file) {
    try {
      return TraceSource.isTrace(file);
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<String> alignment(AppArgs args) {
    try (Opened first = TraceSource.open(args.file());
        Opened second = TraceSource.open(TraceSource.second(args.compare()))) {
      args.align().applyTo(List.of(first, second));
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage().startsWith("locksim") ? e.getMessage()
          : "locksim: " + e.getMessage());
    } catch (IOException | java.io.UncheckedIOException e) {
      // The window says what is wrong with an unreadable trace, as it does without --align.
      return Optional.empty();
    }
  }
}
