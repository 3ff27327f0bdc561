package org.locksim.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.lock.Lock;
import org.locksim.lock.LockEnv;
import org.locksim.lock.LockRegistry;
import org.locksim.machine.Machine;
import org.locksim.machine.FastPath;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.ReleaseStyle;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonArray;
import org.locksim.scenario.json.JsonField;
import org.locksim.scenario.json.JsonObject;
import org.locksim.scenario.json.JsonString;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.Location;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.scenario.json.Overrides;
import org.locksim.scenario.json.Values;
import org.locksim.sched.SchedConfig;
import org.locksim.sched.TunableScaling;

/**
 * Loads a scenario file: parses it with locations, expands its {@code variants} (each a list of
 * the same path assignments), applies {@code --set} overrides to each and reads each result
 * strictly. The command line has the last word: an override is applied after the variant's own
 * assignments, so {@code --variant spin-xchg-up --set kernel.smp=true} runs that variant on an
 * SMP kernel (an override of {@code variants} itself is applied before they are expanded). An
 * override inside a machine given by name, as {@code machine.transfer.sameSocket.value=30}
 * with {@code "machine": "amd64-16cpu"}, turns the name into {@code {"model": "amd64-16cpu"}}
 * first, the form that takes overrides.
 */
public final class ScenarioLoader {
  static final long MS = 1_000_000_000L;
  private final ModelCatalog catalog;
  private final LockRegistry registry;

  public ScenarioLoader(ModelCatalog catalog, LockRegistry registry) {
    this.catalog = catalog;
    this.registry = registry;
  }

  public static ScenarioLoader standard() {
    return new ScenarioLoader(ModelCatalog.bundled(), LockRegistry.standard());
  }

  /** Loads {@code file}; one scenario per variant, or one when it has none. */
  public List<Scenario> load(Path file, List<String> sets) {
    return load(JsonTree.read(file), file.toString(), sets);
  }

  /** Loads already-read text, for tests and bundled resources. */
  public List<Scenario> load(String fileName, String text, List<String> sets) {
    return load(JsonTree.parse(fileName, text), fileName, sets);
  }

  /**
   * Loads a scenario already parsed by {@link JsonTree} from {@code file}: a sweep parses its
   * file once and loads it with each combination of overrides.
   */
  public List<Scenario> load(JsonValue root, String file, List<String> sets) {
    return load(root, file, sets, List.of());
  }

  /**
   * Loads {@code file}'s variants named in {@code only} (every variant when it is empty), in
   * the file's order. The others are checked for their names alone, so that an override that
   * suits the chosen variants is not refused for one that will not run; a name in {@code only}
   * that the file lacks is left for the caller to report.
   */
  public List<Scenario> load(Path file, List<String> sets, Collection<String> only) {
    return load(JsonTree.read(file), file.toString(), sets, only);
  }

  /**
   * The variants named in {@code chosen}, in that order (every variant, in the file's order,
   * when it is empty), each read and checked alone ({@link #load(Path, List, Collection)}); a
   * name the file lacks is bad input at {@code --variant}, with the names the file has.
   */
  public List<Scenario> loadChosen(JsonValue root, String file, List<String> sets, List<String> chosen) {
    List<Scenario> loaded = load(root, file, sets, chosen);
    if (chosen.isEmpty()) {
      return loaded;
    }
    List<Scenario> out = new ArrayList<>();
    for (String v : chosen) {
      out.add(loaded.stream().filter(s -> s.variant().equals(v)).findFirst()
          .orElseThrow(() -> unknownVariant(v, variantNames(root))));
    }
    return out;
  }

  /** Bad input at {@code --variant}: {@code name} is none of {@code names}. */
  public static InputError unknownVariant(String name, List<String> names) {
    return InputError.unknownName(new Location("--variant", "", 1, 1), "variant", name, names);
  }

  /** The names of the variants as the file writes them (none when it has no variants). */
  public static List<String> variantNames(JsonValue root) {
    if (!(root instanceof JsonObject o) || !(o.get("variants").orElse(null) instanceof JsonArray a)) {
      return List.of();
    }
    return a.elements().stream()
        .map(v -> v instanceof JsonObject vo && vo.get("name").orElse(null) instanceof JsonString n ? n.value() : "")
        .filter(n -> !n.isEmpty()).toList();
  }

  /** {@link #load(Path, List, Collection)} of a scenario already parsed by {@link JsonTree}. */
  public List<Scenario> load(JsonValue root, String file, List<String> sets, Collection<String> only) {
    List<String> ofVariants = sets.stream().filter(ScenarioLoader::setsVariants).toList();
    List<String> late = sets.stream().filter(a -> !setsVariants(a)).toList();
    JsonValue withSets = Overrides.applyAll(root, ofVariants);
    if (!(withSets instanceof JsonObject obj)) {
      throw Values.mismatch(withSets, "the scenario to be an object");
    }
    Optional<JsonField> variants = obj.field("variants");
    JsonObject base = new JsonObject(obj.location(),
        obj.fields().stream().filter(f -> !f.name().equals("variants")).toList());
    List<Scenario> out = new ArrayList<>();
    if (variants.isEmpty()) {
      out.add(read(overridden(base, late), "", file));
      return out;
    }
    List<JsonValue> list = Values.array(variants.get().value());
    if (list.isEmpty()) {
      throw InputError.at(variants.get().value(), "variants is empty; leave it out for a scenario without variants");
    }
    Set<String> names = new LinkedHashSet<>();
    for (JsonValue v : list) {
      ObjectReader vr = ObjectReader.of(v, "variant");
      String name = vr.requiredString("name");
      if (!names.add(name)) {
        throw vr.errorAt("name", "two variants are called \"" + name + "\"");
      }
      if (!only.isEmpty() && !only.contains(name)) {
        continue;
      }
      JsonValue applied = base;
      Optional<ObjectReader> set = vr.optionalObject("set");
      if (set.isPresent()) {
        for (JsonField f : set.get().object().fields()) {
          applied = Overrides.set(f.name().startsWith("machine.") ? machineAsObject(applied) : applied,
              f.name(), f.value(), f.nameLocation());
        }
        set.get().ignore(set.get().object().names().toArray(new String[0]));
        set.get().finish();
      }
      vr.finish();
      out.add(read(overridden(applied, late), name, file));
    }
    return out;
  }

  private static boolean setsVariants(String assignment) {
    return assignment.startsWith("variants[") || assignment.startsWith("variants=")
        || assignment.startsWith("variants.");
  }

  /** Applies the command line's overrides, naming a by-name machine's model first if needed. */
  private static JsonValue overridden(JsonValue tree, List<String> sets) {
    JsonValue out = tree;
    for (String a : sets) {
      out = Overrides.apply(a.startsWith("machine.") ? machineAsObject(out) : out, a);
    }
    return out;
  }

  /**
   * A machine given by name, {@code "machine": "pentium4"}, as the object {@code {"model":
   * "pentium4"}}, so that an override can reach inside it ({@code machine.costs.xchg.value}).
   */
  private static JsonValue machineAsObject(JsonValue tree) {
    if (tree instanceof JsonObject o && o.get("machine").orElse(null) instanceof JsonString name) {
      return o.with(new JsonField("machine", o.field("machine").get().nameLocation(),
          new JsonObject(name.location(), List.of(new JsonField("model", name.location(), name)))));
    }
    return tree;
  }

  private Scenario read(JsonValue root, String variant, String file) {
    ObjectReader r = ObjectReader.of(root, "scenario");
    String name = r.requiredString("name");
    String description = r.optionalString("description", "");
    CpuModel model = new MachineReader(catalog).read(r.requiredValue("machine"));
    KernelConfig kernel = kernel(r.optionalObject("kernel"));
    SchedConfig sched = scheduler(r.optionalObject("scheduler"));
    // A workload that takes no lock (a ping-pong) needs no locks array.
    boolean needsLocks = WorkloadReader.needsLocks(r.object().get("workload"));
    List<LockDef> locks = new LockReader(registry).read(needsLocks
        ? r.requiredObjectArray("locks") : r.optionalObjectArray("locks"), r, needsLocks);
    Set<String> lockNames = new LinkedHashSet<>();
    locks.forEach(l -> lockNames.add(l.name()));
    var workload = WorkloadReader.read(r.requiredObject("workload"), lockNames,
        Machine.onlineCpus(model, kernel),
        traits(locks, model, kernel));
    RunSettings run = run(r.optionalObject("run"));
    r.finish();
    return new Scenario(name, variant, description, file, model, kernel, sched, locks, workload, run);
  }

  /**
   * What the scenario's locks can serve, asked of an instance of each made on the scenario's
   * machine when a workload asks (only workloads with readers or in user space do).
   */
  private static LockTraits traits(List<LockDef> locks, CpuModel model, KernelConfig kernel) {
    // One instance per lock, on one machine made the first time a workload asks.
    java.util.Map<String, Lock> made = new java.util.HashMap<>();
    Machine[] machine = new Machine[1];
    java.util.function.Function<String, Optional<Lock>> probe = name -> locks.stream()
        .filter(d -> d.name().equals(name)).findFirst()
        .map(d -> made.computeIfAbsent(name, n -> {
          if (machine[0] == null) {
            machine[0] = new Machine(model, kernel);
          }
          return d.factory().create(new LockEnv(n, machine[0]), d.params());
        }));
    return new LockTraits() {
      @Override
      public boolean readerWriter(String lock) {
        return probe.apply(lock).map(Lock::readerWriter).orElse(false);
      }

      @Override
      public boolean userSpace(String lock) {
        return probe.apply(lock).map(Lock::userSpace).orElse(false);
      }

      @Override
      public boolean userSpaceOnly(String lock) {
        return probe.apply(lock).map(Lock::userSpaceOnly).orElse(false);
      }

      @Override
      public String algorithm(String lock) {
        return probe.apply(lock).map(Lock::algorithm).orElse("?");
      }
    };
  }

  private static KernelConfig kernel(Optional<ObjectReader> o) {
    if (o.isEmpty()) {
      return new KernelConfig(true, FastPath.OUT_OF_LINE, ReleaseStyle.XCHG, 1000, false);
    }
    ObjectReader r = o.get();
    boolean smp = r.optionalBoolean("smp", true);
    List<String> styles = Arrays.stream(FastPath.values()).map(FastPath::jsonName).toList();
    String style = r.optionalEnum("fastPath", FastPath.OUT_OF_LINE.jsonName(), styles);
    FastPath fp = Arrays.stream(FastPath.values()).filter(f -> f.jsonName().equals(style)).findFirst().orElseThrow();
    ReleaseStyle rs = r.optionalEnum("spinRelease", "xchg", List.of("xchg", "store")).equals("store")
        ? ReleaseStyle.STORE : ReleaseStyle.XCHG;
    int hz = r.optionalInt("hz", 1000, 10, 100_000);
    boolean preempt = r.optionalBoolean("preemptible", false);
    boolean llsc = r.optionalEnum("arm64Atomics", "lse", List.of("lse", "llsc")).equals("llsc");
    double idleLimit = r.optionalDouble("idleLatencyLimitUs", Double.POSITIVE_INFINITY, 0, 1e9);
    r.finish();
    return new KernelConfig(smp, fp, rs, hz, preempt, llsc, idleLimit);
  }

  private static SchedConfig scheduler(Optional<ObjectReader> o) {
    SchedConfig d = SchedConfig.defaults();
    if (o.isEmpty()) {
      return d;
    }
    ObjectReader r = o.get();
    double ms = MS;
    SchedConfig c = new SchedConfig(
        Math.round(r.optionalDouble("latencyMs", d.latencyPs() / ms, 0.001, 10_000) * ms),
        Math.round(r.optionalDouble("minGranularityMs", d.minGranularityPs() / ms, 0.001, 10_000) * ms),
        Math.round(r.optionalDouble("wakeupGranularityMs", d.wakeupGranularityPs() / ms, 0, 10_000) * ms),
        r.optionalInt("balanceTicks", d.balanceTicks(), 1, 100_000),
        r.optionalBoolean("idleBalance", d.idleBalance()),
        r.optionalBoolean("wakeIdle", d.wakeIdle()),
        Math.round(r.optionalDouble("migrationCostMs", d.migrationCostPs() / ms, 0, 10_000) * ms),
        tunableScaling(r, d.scaling()));
    r.finish();
    return c;
  }

  private static TunableScaling tunableScaling(ObjectReader r, TunableScaling d) {
    List<String> names = Arrays.stream(TunableScaling.values()).map(TunableScaling::jsonName).toList();
    String name = r.optionalEnum("tunableScaling", d.jsonName(), names);
    return Arrays.stream(TunableScaling.values()).filter(t -> t.jsonName().equals(name)).findFirst()
        .orElseThrow();
  }

  private static RunSettings run(Optional<ObjectReader> o) {
    if (o.isEmpty()) {
      return new RunSettings(10 * MS, 1000 * MS, 1, 1);
    }
    ObjectReader r = o.get();
    double ms = MS;
    long warmup = Math.round(r.optionalDouble("warmupMs", 10, 0, 3_600_000) * ms);
    long duration = Math.round(r.optionalDouble("durationMs", 1000, 0.001, 3_600_000) * ms);
    long seed = r.optionalLong("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
    int repeats = r.optionalInt("repeats", 1, 1, 1000);
    r.finish();
    return new RunSettings(warmup, duration, seed, repeats);
  }
}
