package org.locksim.spark;

import java.io.Serializable;
import java.util.List;
import org.locksim.cli.Figure;

/**
 * What every task of a sweep shares, broadcast once to each executor: the scenario file's
 * name and text (executors need not see the driver's disk) and the figures to measure.
 *
 * @param fileName the scenario file's name, as errors and labels show it
 * @param text the scenario file's contents
 * @param figures what each run measures, in column order
 */
record SweepSource(String fileName, String text, List<Figure> figures) implements Serializable {
  private static final long serialVersionUID = 1L;

  SweepSource {
    figures = List.copyOf(figures);
  }
}
