package org.locksim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.ModelCatalog;
import org.locksim.lock.LockRegistry;
import org.locksim.plugin.PluginJars;
import org.locksim.scenario.ScenarioLoader;
import picocli.CommandLine.Option;

/**
 * {@code --plugin PATH.jar}: lock algorithms from jars, registered beside the bundled ones (see
 * docs/extending.md). A command that takes it asks here for its registry or scenario loader.
 */
final class PluginOption {
  @Option(names = "--plugin", paramLabel = "PATH.jar",
      description = "adds the lock algorithms of a plugin jar (repeatable; see docs/extending.md)")
  List<Path> jars = new ArrayList<>();

  /** The bundled algorithms and the plugins'; a bad jar is an InputError naming it. */
  LockRegistry registry() {
    return PluginJars.registry(jars);
  }

  /** A loader of scenarios that may name the plugins' algorithms. */
  ScenarioLoader loader() {
    return new ScenarioLoader(ModelCatalog.bundled(), registry());
  }
}
