package org.locksim.cli.chart;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import org.locksim.scenario.json.Names;

/** The file formats a chart is written in, told apart by the output's extension. */
public enum ChartFormat {
  /** Scalable vector graphics; text is drawn as outlines, so it looks the same everywhere. */
  SVG("svg"),
  /** A bitmap, for a page or a mail that takes no SVG. */
  PNG("png");

  private final String extension;

  ChartFormat(String extension) {
    this.extension = extension;
  }

  /**
   * The format of {@code out}, named by {@code option}; bad input (exit 2) for any other
   * extension, so that a mistake is caught before any run.
   */
  public static ChartFormat of(String option, Path out) {
    String name = out.getFileName() == null ? "" : out.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    for (ChartFormat f : values()) {
      if (f.extension.equals(ext)) {
        return f;
      }
    }
    String given = ext.isEmpty() ? "no extension" : "the extension \"." + ext + "\"";
    Optional<String> meant = ext.isEmpty() ? Optional.empty()
        : Names.closest(ext, List.of(SVG.extension, PNG.extension)).map(k -> name.substring(0, dot + 1) + k);
    throw new InputError(new Location(option, "", 0, 0), out + ": cannot tell the chart's format from "
        + given + "; expected a file name ending in .svg or .png", meant);
  }
}
