package org.locksim.spark;

import java.io.Serializable;
import java.util.List;
import org.locksim.cli.Figure;

/**
 * What every task of a sweep shares, broadcast once to each executor: the scenario file's
 * name and text and the {@code --plugin} jars' bytes (executors need not see the driver's
 * disk), and the figures to measure.
 *
 * @param fileName the scenario file's name, as errors and labels show it
 * @param text the scenario file's contents
 * @param figures what each run measures, in column order
 * @param plugins the plugin jars, in {@code --plugin} order
 */
record SweepSource(String fileName, String text, List<Figure> figures, List<PluginBytes> plugins)
    implements Serializable {
  private static final long serialVersionUID = 2L;

  SweepSource {
    figures = List.copyOf(figures);
    plugins = List.copyOf(plugins);
  }

  /**
   * One plugin jar as the driver read it.
   *
   * @param name the jar's path on the driver, as messages name it
   * @param bytes its contents
   */
  record PluginBytes(String name, byte[] bytes) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
