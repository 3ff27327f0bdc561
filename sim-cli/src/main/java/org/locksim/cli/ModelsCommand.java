package org.locksim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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
    Columns table = new Columns(false, false, true, true, false, false)
        .row("NAME", "ARCH", "YEAR", "CPUS", "TOPOLOGY", "DESCRIPTION");
    for (String name : catalog.names()) {
      CpuModel m = reader.bundled(name);
      table.row(m.name(), m.architecture().jsonName(), m.year(), m.cpuCount(), topology(m), m.description());
    }
    out.print(table.text(""));
    return 0;
  }

  /**
   * Sockets, then each cluster as {@code cores x name / threads @ GHz}; a run of clusters that
   * differ only in their numbered names (an EPYC's six CCDs) is written once with its count,
   * {@code 6x[8xccd/2T@3.6GHz]}.
   */
  static String topology(CpuModel m) {
    StringBuilder topo = new StringBuilder(m.topology().sockets() + "S");
    List<String> parts = new ArrayList<>();
    for (Cluster c : m.topology().clusters()) {
      String name = c.name().replaceAll("\\d+$", "");
      parts.add(String.format(Locale.ROOT, "%dx%s%s@%.1fGHz", c.cores(), name,
          c.threadsPerCore() > 1 ? "/" + c.threadsPerCore() + "T" : "", c.frequencyMHz().value() / 1000));
    }
    for (int i = 0; i < parts.size(); ) {
      int j = i;
      while (j < parts.size() && parts.get(j).equals(parts.get(i))) {
        j++;
      }
      topo.append(' ').append(j - i == 1 ? parts.get(i) : (j - i) + "x[" + parts.get(i) + "]");
      i = j;
    }
    return topo.toString();
  }
}
