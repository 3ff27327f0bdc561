package org.locksim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locksim.cpu.ModelCatalog;
import org.locksim.plugin.PluginJars;
import org.locksim.scenario.ScenarioLoader;

/**
 * The scenario loader of an executor: the bundled algorithms and those of the sweep's
 * {@code --plugin} jars, whose bytes came with the broadcast {@link SweepSource}. Each jar is
 * written once per executor JVM to a temporary file (deleted when the JVM exits) and loaded by
 * {@link PluginJars}, as the command line loads it, so a plugin's algorithms run on the cluster
 * exactly as on the driver; the loader is kept for the sweep's other tasks.
 */
final class ExecutorPlugins {
  /** Loaders by the jars' names and sizes, for this JVM's tasks. */
  private static final Map<String, ScenarioLoader> LOADERS = new HashMap<>();

  private ExecutorPlugins() { }

  /** The loader for {@code source}'s plugins (the standard one without any). */
  static synchronized ScenarioLoader loader(SweepSource source) {
    if (source.plugins().isEmpty()) {
      return ScenarioLoader.standard();
    }
    StringBuilder key = new StringBuilder();
    for (SweepSource.PluginBytes p : source.plugins()) {
      key.append(p.name()).append('\0').append(java.util.Arrays.hashCode(p.bytes())).append('\0');
    }
    return LOADERS.computeIfAbsent(key.toString(), k -> load(source.plugins()));
  }

  private static ScenarioLoader load(List<SweepSource.PluginBytes> plugins) {
    try {
      Path dir = Files.createTempDirectory("locksim-plugins");
      dir.toFile().deleteOnExit();
      List<Path> jars = new ArrayList<>();
      for (int i = 0; i < plugins.size(); i++) {
        Path jar = dir.resolve(i + "-" + Path.of(plugins.get(i).name()).getFileName());
        Files.write(jar, plugins.get(i).bytes());
        jar.toFile().deleteOnExit();
        jars.add(jar);
      }
      return new ScenarioLoader(ModelCatalog.bundled(), PluginJars.registry(jars));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep's plugin jars on this executor", e);
    }
  }
}
