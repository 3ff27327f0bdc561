package org.locksim.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.locksim.cpu.ModelCatalog;
import org.locksim.lock.LockRegistry;
import org.locksim.plugin.PluginJars;
import org.locksim.scenario.ScenarioLoader;
import org.locksim.scenario.json.InputError;

/**
 * The plugin jars whose lock algorithms the app's scenarios may name ({@code --plugin PATH.jar},
 * or added from the tool bar), loaded by {@link PluginJars} as the command line loads them, so
 * a bad jar is the same one-line error naming the jar and the class. Adding a jar rebuilds the
 * registry from every jar so far; a jar that fails leaves the registry as it was.
 */
final class Plugins {
  private final List<Path> jars;
  private final LockRegistry registry;

  private Plugins(List<Path> jars, LockRegistry registry) {
    this.jars = List.copyOf(jars);
    this.registry = registry;
  }

  /** The bundled algorithms only. */
  static Plugins none() {
    return new Plugins(List.of(), LockRegistry.standard());
  }

  /** The bundled algorithms and those of {@code jars}; a bad jar throws its {@link InputError}. */
  static Plugins load(List<Path> jars) {
    return new Plugins(jars, PluginJars.registry(jars));
  }

  /** These jars and {@code jar}; a bad jar throws its {@link InputError} and changes nothing. */
  Plugins with(Path jar) {
    List<Path> more = new ArrayList<>(jars);
    more.add(jar);
    return load(more);
  }

  /** The names of the algorithms {@code jar} added, for the status line. */
  List<String> namesFrom(Path jar) {
    String where = jar.toString();
    return registry.entries().stream().filter(e -> where.equals(e.origin()))
        .map(LockRegistry.Entry::name).toList();
  }

  /** A loader of scenarios that may name the plugins' algorithms. */
  ScenarioLoader loader() {
    return new ScenarioLoader(ModelCatalog.bundled(), registry);
  }

  /**
   * The line to show for a failed run: the plugin's jar, class and what it threw when plugin
   * code threw it (as the command line reports it), else empty.
   */
  static Optional<String> blame(Throwable t) {
    return PluginJars.blame(t).map(e -> "locksim: " + e.format());
  }
}
