package org.locksim.cli.chart;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

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
    Optional<String> meant = Arrays.stream(values()).map(f -> f.extension)
        .filter(k -> slip(ext, k)).findFirst().map(k -> name.substring(0, dot + 1) + k);
    throw new InputError(new Location(option, "", 0, 0), out + ": cannot tell the chart's format from "
        + given + "; expected a file name ending in .svg or .png", meant);
  }

  /**
   * Whether {@code given} is {@code known} mistyped: two letters swapped ({@code sgv}), one
   * letter wrong ({@code spg}), one letter missing or added ({@code pg}, {@code pngg}). A
   * different format ({@code pdf}) is no slip and gets no suggestion.
   */
  static boolean slip(String given, String known) {
    if (given.isEmpty() || given.equals(known)) {
      return false;
    }
    char[] a = given.toCharArray();
    char[] b = known.toCharArray();
    Arrays.sort(a);
    Arrays.sort(b);
    if (Arrays.equals(a, b)) {
      return true;
    }
    if (given.length() == known.length()) {
      int differ = 0;
      for (int i = 0; i < given.length(); i++) {
        differ += given.charAt(i) == known.charAt(i) ? 0 : 1;
      }
      return differ == 1;
    }
    String longer = given.length() > known.length() ? given : known;
    String shorter = longer == given ? known : given;
    if (longer.length() != shorter.length() + 1) {
      return false;
    }
    for (int i = 0; i < longer.length(); i++) {
      if ((longer.substring(0, i) + longer.substring(i + 1)).equals(shorter)) {
        return true;
      }
    }
    return false;
  }
}
