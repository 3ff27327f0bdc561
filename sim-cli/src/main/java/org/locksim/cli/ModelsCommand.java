package org.locksim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.scenario.MachineReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locksim models}: lists the bundled CPU models. */
@Command(name = "models", mixinStandardHelpOptions = true,
    description = "Lists the bundled CPU models.")
final class ModelsCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ModelCatalog catalog = ModelCatalog.bundled();
    MachineReader reader = new MachineReader(catalog);
    out.printf(Locale.ROOT, "%-18s %-6s %5s %4s  %-28s %s%n", "NAME", "ARCH", "YEAR", "CPUS",
        "TOPOLOGY", "DESCRIPTION");
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      StringBuilder topo = new StringBuilder(m.topology().sockets() + "S");
      for (Cluster c : m.topology().clusters()) {
        topo.append(String.format(Locale.ROOT, " %dx%s%s@%.1fGHz", c.cores(), c.name(),
            c.threadsPerCore() > 1 ? "/" + c.threadsPerCore() + "T" : "",
            c.frequencyMHz().value() / 1000));
      }
      out.printf(Locale.ROOT, "%-18s %-6s %5d %4d  %-28s %s%n", m.name(),
          m.architecture().jsonName(), m.year(), m.cpuCount(), topo, m.description());
    }
    return 0;
  }
}
