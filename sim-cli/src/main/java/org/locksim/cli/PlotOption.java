package org.locksim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.internal.chartpart.Chart;
import org.locksim.cli.chart.ChartFile;
import org.locksim.cli.chart.ChartFormat;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Option;

/**
 * {@code --plot OUT.svg|OUT.png} and {@code --plot-size WIDTHxHEIGHT}, shared by {@code sweep}
 * and {@code compare}. Both are checked before any run ({@link #check}): the format from the
 * extension, the file as {@link OutputCheck} checks every output, the size within bounds.
 */
final class PlotOption {
  /** Pixels of height each chart gets when {@code --plot-size} is not given. */
  static final int PANEL_HEIGHT = 420;
  static final int DEFAULT_WIDTH = 900;
  private static final int MIN = 100;
  private static final int MAX = 10_000;
  private static final Pattern SIZE = Pattern.compile("(\\d{1,6})x(\\d{1,6})");

  @Option(names = "--plot", paramLabel = "OUT.svg|OUT.png",
      description = "also draws the results as a chart, SVG or PNG after the extension")
  Path plot;

  @Option(names = "--plot-size", paramLabel = "WIDTHxHEIGHT",
      description = "the chart's size in pixels (default: " + DEFAULT_WIDTH + " wide, " + PANEL_HEIGHT
          + " high per figure)")
  String size;

  /** Where and how a chart goes, as checked. */
  record Target(Path file, ChartFormat format, int width, int height) {
    /** Writes {@code panels} there; an error writing it is reported as the other outputs' are. */
    void write(List<? extends Chart<?, ?>> panels) {
      try {
        ChartFile.write(file, format, panels, width, height);
      } catch (IOException e) {
        throw Recording.cannotWrite(file, e);
      }
    }
  }

  /**
   * Checks the options before any work: null without {@code --plot}; bad input (exit 2) for an
   * unknown extension, an output {@code outputs} refuses, or a size out of bounds.
   *
   * @param panels how many charts the image stacks, for the default height
   */
  Target check(OutputCheck outputs, int panels) {
    if (plot == null) {
      if (size != null) {
        throw new InputError(new Location("--plot-size", "", 0, 0),
            "--plot-size sizes the chart of --plot OUT.svg|OUT.png; give --plot too", Optional.empty());
      }
      return null;
    }
    ChartFormat format = ChartFormat.of("--plot", plot);
    Path file = outputs.written("--plot", plot);
    int width = DEFAULT_WIDTH;
    int height = PANEL_HEIGHT * panels;
    if (size != null) {
      Matcher m = SIZE.matcher(size.strip());
      if (!m.matches()) {
        throw badSize("expected WIDTHxHEIGHT in pixels, e.g. 1200x800, got \"" + size + "\"");
      }
      width = Integer.parseInt(m.group(1));
      height = Integer.parseInt(m.group(2));
    }
    if (width < MIN || width > MAX || height < MIN * panels || height > MAX) {
      throw badSize(String.format(Locale.ROOT, "a chart of %d figure%s takes from %d to %d pixels wide and from %d"
          + " to %d high, got %dx%d", panels, panels == 1 ? "" : "s", MIN, MAX, MIN * panels, MAX, width, height));
    }
    return new Target(file, format, width, height);
  }

  private static InputError badSize(String why) {
    return new InputError(new Location("--plot-size", "", 0, 0), why, Optional.empty());
  }
}
