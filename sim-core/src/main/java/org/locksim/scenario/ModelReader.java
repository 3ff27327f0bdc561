package org.locksim.scenario;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.locksim.cpu.Architecture;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CoherenceProtocol;
import org.locksim.cpu.CoherenceSpec;
import org.locksim.cpu.CostTable;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.IdleState;
import org.locksim.cpu.Instr;
import org.locksim.cpu.JsonNamed;
import org.locksim.cpu.KernelCosts;
import org.locksim.cpu.MissRoute;
import org.locksim.cpu.SharedReads;
import org.locksim.cpu.Sourced;
import org.locksim.cpu.Topology;
import org.locksim.cpu.TransferTable;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonField;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.Names;
import org.locksim.scenario.json.ObjectReader;

/** Reads a CPU model object (bundled or inline) strictly into a {@link CpuModel}. */
final class ModelReader {
  static final int MAX_CPUS = 1024;

  private ModelReader() { }

  static CpuModel read(JsonValue value) {
    ObjectReader r = ObjectReader.of(value, "CPU model");
    String name = r.requiredString("name");
    String description = r.optionalString("description", "");
    Architecture arch = Architecture.fromJsonName(
        r.requiredEnum("architecture", JsonNamed.names(Architecture.values())));
    int year = r.optionalInt("year", 0, 0, 3000);
    Topology topology = topology(r.requiredObject("topology"));
    if (topology.cpuCount() > MAX_CPUS) {
      throw r.errorAt("topology", "the topology has " + topology.cpuCount()
          + " CPUs; at most " + MAX_CPUS + " are supported");
    }
    CostTable costs = costs(r.requiredObject("costs"), arch);
    TransferTable transfer = TransferReader.read(r.requiredObject("transfer"), topology);
    CoherenceSpec coherence = coherence(r.requiredObject("coherence"));
    KernelCosts kernel = kernel(r.requiredObject("kernel"));
    r.finish();
    return new CpuModel(name, description, arch, year, topology, costs, transfer, coherence,
        kernel);
  }

  private static Topology topology(ObjectReader r) {
    int sockets = r.requiredInt("sockets", 1, 64);
    List<Cluster> clusters = new ArrayList<>();
    for (ObjectReader c : r.requiredObjectArray("clusters")) {
      String name = c.optionalString("name", "core");
      int cores = c.requiredInt("cores", 1, MAX_CPUS);
      int threads = c.optionalInt("threadsPerCore", 1, 1, 8);
      Sourced mhz = sourced(c.requiredObject("frequencyMHz"), 1, 100_000);
      Sourced smt = Cluster.NO_SMT;
      if (threads > 1) {
        smt = sourced(c.requiredObject("smtThroughput"), 1, threads);
      } else if (c.has("smtThroughput")) {
        throw c.errorAt("smtThroughput", "a core with one thread shares nothing; give threadsPerCore"
            + " above 1, or leave smtThroughput out");
      }
      Sourced window = c.has("reorderWindow")
          ? sourced(c.requiredObject("reorderWindow"), 0, 4096) : Cluster.IN_ORDER;
      Sourced shared = Cluster.evenShare(window, threads);
      if (c.has("reorderWindowShared")) {
        if (threads == 1) {
          throw c.errorAt("reorderWindowShared", "a core with one thread shares nothing; give"
              + " threadsPerCore above 1, or leave reorderWindowShared out");
        }
        shared = sourced(c.requiredObject("reorderWindowShared"), 0, window.value());
      }
      c.finish();
      clusters.add(new Cluster(name, cores, threads, mhz, smt, window, shared));
    }
    if (clusters.isEmpty()) {
      throw r.errorAt("clusters", "a topology needs at least one cluster");
    }
    r.finish();
    return new Topology(sockets, clusters);
  }

  private static CostTable costs(ObjectReader r, Architecture arch) {
    Map<Instr, Sourced> m = new EnumMap<>(Instr.class);
    List<String> required = new ArrayList<>();
    for (Instr i : arch.requiredInstructions()) {
      required.add(i.jsonName());
    }
    List<String> known = new ArrayList<>(required);
    for (Instr i : arch.optionalInstructions()) {
      known.add(i.jsonName());
    }
    for (JsonField f : r.object().fields()) {
      Instr i = Instr.fromJsonName(f.name());
      if (i == null || !known.contains(i.jsonName())) {
        throw new InputError(f.nameLocation(), "an " + arch.jsonName() + " cost table has no "
            + Names.quote(f.name()) + "; expected " + Names.list(known),
            Names.closest(f.name(), known));
      }
      m.put(i, sourced(r.requiredObject(f.name()), 0, 1e7));
    }
    for (String need : required) {
      if (!r.has(need)) {
        throw r.error("the cost table lacks " + Names.quote(need) + " (an " + arch.jsonName()
            + " model prices " + Names.list(required) + ")");
      }
    }
    r.finish();
    return new CostTable(m);
  }

  private static CoherenceSpec coherence(ObjectReader r) {
    CoherenceProtocol protocol = CoherenceProtocol.fromJsonName(
        r.requiredEnum("protocol", JsonNamed.names(CoherenceProtocol.values())));
    Sourced occupancy = sourced(r.requiredObject("occupancy"), 0, 1e6);
    ObjectReader shared = r.requiredObject("sharedReads");
    SharedReads sharedReads = SharedReads.fromJsonName(
        shared.requiredEnum("value", JsonNamed.names(SharedReads.values())));
    String sharedSource = source(shared);
    shared.finish();
    Sourced inFlight = sourced(r.requiredObject("missesInFlight"), 1, 64);
    MissRoute route = MissRoute.SOCKET;
    String routeSource = CoherenceSpec.SOCKET_ROUTE_DEFAULT;
    if (r.has("missRoute")) {
      ObjectReader m = r.requiredObject("missRoute");
      route = MissRoute.fromJsonName(m.requiredEnum("value", JsonNamed.names(MissRoute.values())));
      routeSource = source(m);
      m.finish();
    }
    r.finish();
    return new CoherenceSpec(protocol, occupancy, sharedReads, sharedSource, inFlight, route,
        routeSource);
  }

  private static KernelCosts kernel(ObjectReader r) {
    if (r.has("migrationPenalty")) {
      throw r.errorAt("migrationPenalty", "a migration's cost is no longer one figure per machine:"
          + " the task refetches its working set (the workload's workingSetLines) from the CPU it"
          + " left, each line one transfer, coherence.missesInFlight at a time; remove"
          + " kernel.migrationPenalty and give coherence.missesInFlight (docs/model.md, Migrations)");
    }
    KernelCosts k = new KernelCosts(
        sourced(r.requiredObject("contextSwitch"), 0, 1e9),
        sourced(r.requiredObject("wakeupIpi"), 0, 1e9),
        sourced(r.requiredObject("syscall"), 0, 1e9),
        sourced(r.requiredObject("timerTick"), 0, 1e9),
        idleStates(r));
    r.finish();
    return k;
  }

  /**
   * {@code kernel.idleStates}: at least one state, shallowest first, exit latencies and target
   * residencies never decreasing.
   */
  private static List<IdleState> idleStates(ObjectReader r) {
    List<ObjectReader> items = r.requiredObjectArray("idleStates");
    if (items.isEmpty()) {
      throw r.errorAt("idleStates", "at least one idle state, the shallowest (C1, or WFI) first");
    }
    List<IdleState> states = new ArrayList<>();
    for (ObjectReader s : items) {
      String name = s.requiredString("name");
      double exit = s.requiredDouble("exitUs", 0, 1e6);
      double residency = s.requiredDouble("residencyUs", 0, 1e7);
      String source = source(s);
      if (!states.isEmpty()) {
        IdleState before = states.get(states.size() - 1);
        if (exit < before.exitUs() || residency < before.residencyUs()) {
          throw s.errorAt("exitUs", "idle states go from shallow to deep: exitUs and residencyUs"
              + " at least those of " + before.name());
        }
      }
      s.finish();
      states.add(new IdleState(name, exit, residency, source));
    }
    return states;
  }

  /** A {@code {"value", "source"}} object whose value lies in {@code [min, max]}. */
  static Sourced sourced(ObjectReader r, double min, double max) {
    double v = r.requiredDouble("value", min, max);
    String source = source(r);
    r.finish();
    return new Sourced(v, source);
  }

  /** The object's {@code source} field, which must not be blank. */
  static String source(ObjectReader r) {
    String source = r.requiredString("source");
    if (source.isBlank()) {
      throw r.errorAt("source", "every number needs a source: a seed, a paper, a manual, or an estimate that says how it was reached");
    }
    return source;
  }
}
