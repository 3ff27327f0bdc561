package org.locksim.ui;

import java.nio.file.Path;
import java.util.List;

/**
 * The app's command line: an optional scenario or trace to open, the variant to run, the
 * variant to compare it with, and the seed.
 *
 * @param file what to open at start, or null
 * @param variant the variant to run, or null for the scenario's first
 * @param compare the variant to show beneath it, or null
 * @param seed the seed, or null for the scenario's own
 * @param help true for {@code --help}
 */
public record AppArgs(Path file, String variant, String compare, Long seed, boolean help) {
  static final String USAGE = "usage: locksim-ui [FILE] [--variant NAME] [--compare NAME] [--seed N]\n"
      + "  FILE  a scenario JSON file (its variant runs with the timeline recorded) or a trace"
      + " (.lst) from locksim run --trace";

  /** Parses {@code args}; a mistake throws {@link IllegalArgumentException} saying what. */
  public static AppArgs parse(String... args) {
    Path file = null;
    String variant = null;
    String compare = null;
    Long seed = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-h", "--help" -> {
          return new AppArgs(null, null, null, null, true);
        }
        case "--variant" -> variant = value(args, ++i, a);
        case "--compare" -> compare = value(args, ++i, a);
        case "--seed" -> {
          String v = value(args, ++i, a);
          try {
            seed = Long.parseLong(v);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed: expected a whole number, got '" + v + "'");
          }
        }
        default -> {
          if (a.startsWith("-")) {
            throw new IllegalArgumentException("unknown option '" + a + "'"
                + nearest(a, List.of("--variant", "--compare", "--seed", "--help")));
          }
          if (file != null) {
            throw new IllegalArgumentException("one FILE only, got '" + file + "' and '" + a + "'");
          }
          file = Path.of(a);
        }
      }
    }
    return new AppArgs(file, variant, compare, seed, false);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + ": expected a value");
    }
    return args[i];
  }

  private static String nearest(String given, List<String> names) {
    return org.locksim.scenario.json.Names.closest(given, names)
        .map(n -> " (did you mean '" + n + "'?)").orElse("");
  }
}
