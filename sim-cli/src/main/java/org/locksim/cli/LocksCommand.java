package org.locksim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.ParamSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locksim locks}: lists the lock algorithms and their parameters. */
@Command(name = "locks", mixinStandardHelpOptions = true,
    description = "Lists the lock algorithms and their parameters.")
final class LocksCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  PluginOption plugins = new PluginOption();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    for (LockRegistry.Entry e : plugins.registry().entries()) {
      String from = e.origin().equals(LockRegistry.BUNDLED) ? "" : " (from " + e.origin() + ")";
      out.printf(Locale.ROOT, "%-20s %s%s%n", e.name(), e.summary(), from);
      for (ParamSpec p : e.params()) {
        String dflt = p.defaultValue() == null ? "(kernel's)" : String.valueOf(p.defaultValue());
        out.printf(Locale.ROOT, "    %-16s %-8s default %-10s %s%n", p.name(),
            p.kind().name().toLowerCase(Locale.ROOT), dflt, p.doc());
      }
    }
    return 0;
  }
}
