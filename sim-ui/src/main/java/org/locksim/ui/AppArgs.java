package org.locksim.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locksim.ui.align.AlignAt;

/**
 * The app's command line: an optional scenario or trace to open, the variant to run, the
 * variant to compare it with and the event to align the two at, the seed, {@code --set}
 * overrides for a scenario, plugin jars
 * of lock algorithms ({@code --plugin PATH.jar}, as on the command line), and the options of a
 * headless picture ({@code --snapshot OUT.png [--size WxH] [--window FROM..TO]}).
 *
 * @param file what to open at start, or null
 * @param variant the variant to run, or null for the scenario's first
 * @param compare the variant to show beneath it (for a trace: a second trace file), or null
 * @param align the event the compared timeline is aligned at ({@code --align KIND:NAME}), or
 *     null to align the two at time 0
 * @param seed the seed, or null for the scenario's own
 * @param sets {@code path=value} overrides passed to the scenario loader, as {@code locksim run --set}
 * @param plugins jars whose lock algorithms scenarios may name, as {@code locksim run --plugin}
 * @param snapshot where and how to render a picture without a display, or null to open the window
 * @param help true for {@code --help}
 */
public record AppArgs(Path file, String variant, String compare, AlignAt align, Long seed,
    List<String> sets, List<Path> plugins, Snapshot snapshot, boolean help) {
  static final String USAGE = "usage: locksim-ui [FILE] [--variant NAME] [--compare NAME"
      + " [--align KIND:NAME]] [--seed N]\n"
      + "                  [--set PATH=VALUE]...\n"
      + "                  [--plugin PATH.jar]...\n"
      + "                  [--snapshot OUT.png|OUT.svg [--size WxH] [--window FROM..TO]]\n"
      + "  FILE        a scenario JSON file (its variant runs with the timeline recorded) or a trace"
      + " (.lst) from locksim run --trace\n"
      + "  --compare   a second variant of the scenario, or with a trace a second trace file\n"
      + "  --align     shift the compared timeline so that its first such event sits under the"
      + " first's:\n"
      + "              acquire:LOCK, handoff:LOCK, wakeup:TASK or migration:TASK (default: time 0)\n"
      + "  --set       overrides a field of the scenario, as locksim run --set (repeatable)\n"
      + "  --plugin    adds the lock algorithms of a plugin jar (repeatable; see docs/extending.md)\n"
      + "  --snapshot  render the window to a PNG (the timelines to an SVG) without a display and"
      + " exit (default size 1280x800; times like 120us..180us)";
  private static final List<String> OPTIONS = List.of("--variant", "--compare", "--align", "--seed", "--set",
      "--plugin", "--snapshot", "--size", "--window", "--help");

  /**
   * A picture to render headless.
   *
   * @param out the PNG to write
   * @param width its width, pixels
   * @param height its height, pixels
   * @param fromPs the window's start, or -1 for the whole run
   * @param toPs the window's end, or -1 for the whole run
   */
  public record Snapshot(Path out, int width, int height, long fromPs, long toPs) { }

  public AppArgs {
    sets = List.copyOf(sets);
    plugins = List.copyOf(plugins);
  }

  /** Parses {@code args}; a mistake throws {@link IllegalArgumentException} saying what. */
  public static AppArgs parse(String... args) {
    Path file = null;
    String variant = null;
    String compare = null;
    AlignAt align = null;
    Long seed = null;
    List<String> sets = new ArrayList<>();
    List<Path> plugins = new ArrayList<>();
    Path snapshot = null;
    int[] size = {1280, 800};
    long[] window = {-1, -1};
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-h", "--help" -> {
          return new AppArgs(null, null, null, null, null, List.of(), List.of(), null, true);
        }
        case "--variant" -> variant = value(args, ++i, a);
        case "--compare" -> compare = value(args, ++i, a);
        case "--align" -> align = AlignAt.parse(value(args, ++i, a));
        case "--set" -> sets.add(value(args, ++i, a));
        case "--plugin" -> plugins.add(Path.of(value(args, ++i, a)));
        case "--seed" -> seed = whole(value(args, ++i, a), a);
        case "--snapshot" -> snapshot = Path.of(value(args, ++i, a));
        case "--size" -> size = size(value(args, ++i, a));
        case "--window" -> window = window(value(args, ++i, a));
        default -> {
          if (a.startsWith("-")) {
            throw new IllegalArgumentException("unknown option '" + a + "'"
                + org.locksim.scenario.json.Names.closest(a, OPTIONS)
                    .map(n -> " (did you mean '" + n + "'?)").orElse(""));
          }
          if (file != null) {
            throw new IllegalArgumentException("one FILE only, got '" + file + "' and '" + a + "'");
          }
          file = Path.of(a);
        }
      }
    }
    if (align != null && compare == null) {
      throw new IllegalArgumentException("--align: expected --compare, the second variant or trace"
          + " to align with the first");
    }
    if (snapshot != null && file == null) {
      throw new IllegalArgumentException("--snapshot: expected a FILE to render");
    }
    Snapshot shot = snapshot == null ? null
        : new Snapshot(snapshot, size[0], size[1], window[0], window[1]);
    return new AppArgs(file, variant, compare, align, seed, sets, plugins, shot, false);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + ": expected a value");
    }
    return args[i];
  }

  private static long whole(String v, String option) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + ": expected a whole number, got '" + v + "'");
    }
  }

  private static int[] size(String v) {
    String[] wh = v.toLowerCase(Locale.ROOT).split("x");
    try {
      if (wh.length == 2) {
        int w = Integer.parseInt(wh[0]);
        int h = Integer.parseInt(wh[1]);
        if (w >= 320 && h >= 200 && w <= 16384 && h <= 16384) {
          return new int[] {w, h};
        }
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("--size: expected WIDTHxHEIGHT from 320x200 to 16384x16384,"
        + " got '" + v + "'");
  }

  private static long[] window(String v) {
    String[] ft = v.split("\\.\\.", -1);
    if (ft.length == 2) {
      long from = Times.parsePs(ft[0]);
      long to = Times.parsePs(ft[1]);
      if (from >= 0 && to > from) {
        return new long[] {from, to};
      }
    }
    throw new IllegalArgumentException("--window: expected FROM..TO with FROM < TO and units ps, ns,"
        + " us, ms or s (e.g. 120us..180us), got '" + v + "'");
  }
}
