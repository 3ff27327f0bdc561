package org.locksim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.contract.Check;
import org.locksim.lock.contract.ContractSetup;
import org.locksim.lock.contract.Failure;
import org.locksim.lock.contract.LockContract;
import org.locksim.lock.contract.Property;
import org.locksim.lock.contract.Shrink;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locksim check-lock NAME}: runs the lock contract that the project's own contract test
 * runs ({@link LockContract}) on one algorithm, bundled or from a plugin, and prints each check
 * as it passes or fails; a failure comes with its seed and the smallest run that still shows it
 * ({@link Shrink}). Exits with status 3 when a promise is broken.
 */
@Command(name = "check-lock", mixinStandardHelpOptions = true,
    description = "Runs the lock contract (mutual exclusion, progress, no lost wakeup, readers"
        + " together and writers alone, determinism) on an algorithm on 1, 2, 16 and 144 CPUs."
        + " Exit status 3 when a promise is broken.")
final class CheckLockCommand implements Callable<Integer> {
  static final int FAILED = 3;
  /** Failures printed per check; the rest are counted. */
  private static final int SHOWN = 3;

  @Spec
  CommandSpec spec;

  @Mixin
  PluginOption plugins = new PluginOption();

  @Parameters(paramLabel = "NAME", description = "the algorithm, as `locksim locks` lists it")
  String name;

  @Option(names = "--seed", description = "seed of the tasks' think times (default: the contract's, ${DEFAULT-VALUE})",
      defaultValue = "" + ContractSetup.SEED)
  long seed;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    LockRegistry registry = plugins.registry();
    LockRegistry.Entry entry = registry.find(name).orElseThrow(() -> InputError.unknownName(
        new Location("NAME", "", 1, 1), "lock algorithm", name, registry.names()));
    List<Check> checks = LockContract.checks(entry, seed);
    List<Failure> failures = new ArrayList<>();
    Set<Property> shrunk = EnumSet.noneOf(Property.class);
    for (Check c : checks) {
      List<Failure> fs = LockContract.run(c);
      out.println(fs.isEmpty() ? "ok    " + c : "FAIL  " + c + " (" + c.setup() + ")");
      for (int i = 0; i < fs.size(); i++) {
        Failure f = fs.get(i);
        if (i == SHOWN) {
          out.println("      ... and " + (fs.size() - SHOWN) + " more");
        } else if (i < SHOWN) {
          out.println("      " + f.property() + ": " + f.detail());
        }
      }
      for (Failure f : fs) {
        if (shrunk.add(f.property())) {
          Failure small = Shrink.smallest(f);
          out.println("      smallest run that breaks " + f.property() + ": " + small.check().workload()
              + ", " + small.check().setup() + ": " + small.detail());
        }
      }
      out.flush();
      failures.addAll(fs);
    }
    String from = entry.origin().equals(LockRegistry.BUNDLED) ? "" : " (from " + entry.origin() + ")";
    if (failures.isEmpty()) {
      out.println(name + from + ": kept every promise in " + checks.size() + " checks");
      return 0;
    }
    Set<Property> broken = EnumSet.noneOf(Property.class);
    failures.forEach(f -> broken.add(f.property()));
    out.println(name + from + ": " + failures.size() + " failure(s) in " + checks.size()
        + " checks; broken: " + broken);
    return FAILED;
  }
}
