package org.locksim.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.locksim.lock.LockCapabilities;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.ParamSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locksim locks}: lists the lock algorithms and their parameters. */
@Command(name = "locks", mixinStandardHelpOptions = true,
    description = "Lists the lock algorithms and their parameters; [reads]: readers may share the"
        + " lock (a workload's readers, readFraction); [user space]: it runs in a contention loop with"
        + " \"space\": \"user\"")
final class LocksCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  PluginOption plugins = new PluginOption();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<LockRegistry.Entry> entries = plugins.registry().entries();
    int nameWidth = entries.stream().mapToInt(e -> e.name().length()).max().orElse(0);
    Columns params = new Columns(false, false, false, false);
    for (LockRegistry.Entry e : entries) {
      for (ParamSpec p : e.params()) {
        String doc = p.kind() == ParamSpec.Kind.CHOICE
            ? p.doc() + " (one of " + String.join(", ", p.choices()) + ")" : p.doc();
        params.row(p.name(), p.kind().name().toLowerCase(Locale.ROOT), "default " + defaultOf(p), doc);
      }
    }
    // Every algorithm's parameters line up with those of the others.
    String[] paramLines = params.text("    ").split("\n");
    int next = 0;
    for (LockRegistry.Entry e : entries) {
      String from = e.origin().equals(LockRegistry.BUNDLED) ? "" : " (from " + e.origin() + ")";
      List<String> tags = LockCapabilities.of(e);
      String can = tags.isEmpty() ? "" : " [" + String.join(", ", tags) + "]";
      out.print(e.name() + " ".repeat(nameWidth - e.name().length() + 2) + e.summary() + can + from + "\n");
      for (int i = 0; i < e.params().size(); i++) {
        out.print(paramLines[next++] + "\n");
      }
    }
    return 0;
  }

  private static String defaultOf(ParamSpec p) {
    return p.defaultValue() == null ? "(kernel's)" : String.valueOf(p.defaultValue());
  }
}
