package org.locksim.scenario;

import java.util.List;
import java.util.Set;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.sched.Kernel;
import org.locksim.workload.Build;
import org.locksim.workload.ContentionLoop;
import org.locksim.workload.Distribution;
import org.locksim.workload.PathWalk;
import org.locksim.workload.PingPong;
import org.locksim.workload.Placement;
import org.locksim.workload.UncontendedLoop;
import org.locksim.workload.Work;
import org.locksim.workload.WorkingSet;
import org.locksim.workload.Workload;

/**
 * Reads the {@code workload} object, dispatching on its {@code type}; every type takes an
 * {@code affinity} ({@link PlacementReader}) and a {@code workingSetLines}
 * ({@link WorkingSet}).
 */
final class WorkloadReader {
  static final List<String> TYPES = List.of("uncontended", "contention", "pathwalk", "build",
      "locktorture", "pingpong");
  /** The ping-pong's default samples and round trips per sample (see docs/scenario-format.md). */
  static final int PING_PONG_SAMPLES = 11;
  static final int PING_PONG_ROUND_TRIPS = 100;

  private WorkloadReader() { }

  /**
   * The workload of {@code r}; {@code traits} says what the scenario's locks can serve (reader
   * threads, a user-space program).
   */
  static Workload read(ObjectReader r, Set<String> lockNames, int cpus, LockTraits traits) {
    String type = r.requiredEnum("type", TYPES);
    Workload w = switch (type) {
      case "uncontended" -> uncontended(r, lockNames, cpus);
      case "contention" -> contention(r, lockNames, cpus, traits);
      case "pathwalk" -> pathWalk(r, lockNames, cpus);
      case "build" -> build(r, lockNames, cpus);
      case "locktorture" -> LockTortureReader.read(r, lockRef(r, "lock", lockNames), traits);
      case "pingpong" -> new PingPong(r.optionalInt("samples", PING_PONG_SAMPLES, 1, 100_000),
          r.optionalInt("roundTrips", PING_PONG_ROUND_TRIPS, 1, 10_000_000),
          PlacementReader.read(r, 2, cpus, null));
      default -> throw new IllegalStateException(type);
    };
    if (!(w instanceof ContentionLoop c && c.userSpace())) {
      for (String lock : lockNames) {
        if (traits.userSpaceOnly(lock)) {
          throw r.errorAt("type", "lock " + lock + " runs " + traits.algorithm(lock) + ", a user-space"
              + " library's lock that makes its own system calls: only a contention workload with"
              + " \"space\": \"user\" takes it");
        }
      }
    }
    int lines = r.optionalInt("workingSetLines", Kernel.DEFAULT_WORKING_SET_LINES, 0, 1_000_000);
    r.finish();
    return lines == Kernel.DEFAULT_WORKING_SET_LINES ? w : new WorkingSet(w, lines);
  }

  /** Whether a workload of this JSON needs locks (a ping-pong needs none); false if unsure. */
  static boolean needsLocks(java.util.Optional<org.locksim.scenario.json.JsonValue> workload) {
    return !(workload.orElse(null) instanceof org.locksim.scenario.json.JsonObject o
        && o.get("type").orElse(null) instanceof org.locksim.scenario.json.JsonString t
        && t.value().equals("pingpong"));
  }

  private static Workload uncontended(ObjectReader r, Set<String> lockNames, int cpus) {
    String lock = lockRef(r, "lock", lockNames);
    int cpu = r.optionalInt("cpu", 0, 0, cpus - 1);
    Placement p = PlacementReader.read(r, 1, cpus, null);
    if (p.policy() != Placement.Policy.NONE) {
      throw r.errorAt("affinity", "one task has nothing to spread or pack: give its CPUs"
          + " (cpus or perTask) without a policy");
    }
    var allowed = p.perTask().isEmpty() ? p.group() : p.perTask().get(0);
    if (allowed != null && !allowed.contains(cpu)) {
      throw r.errorAt("cpu", "CPU " + cpu + " is outside the task's affinity " + allowed
          + "; start it on one of those");
    }
    return new UncontendedLoop(lock, cpu, p);
  }

  private static Workload pathWalk(ObjectReader r, Set<String> lockNames, int cpus) {
    WorkReader work = WorkReader.of(r, lockNames);
    int processes = r.requiredInt("processes", 1, 100_000);
    return new PathWalk(processes,
        r.requiredLong("entries", 1, 1_000_000_000L), lockRef(r, "lock", lockNames),
        r.optionalInt("lockTakes", 2, 1, 1000),
        work.section(r.requiredObject("critical")), work.work(r.requiredObject("lookup")),
        r.optionalObject("user").map(work::work).orElse(Work.none()), work.lines(),
        PlacementReader.read(r, processes, cpus, null));
  }

  private static Workload build(ObjectReader r, Set<String> lockNames, int cpus) {
    WorkReader work = WorkReader.of(r, lockNames);
    int jobs = r.requiredInt("jobs", 1, 10_000_000);
    // make -jN with N a number, or "cpus": make -j$(nproc), the same description on any machine.
    var p = r.requiredValue("parallel");
    int parallel = p instanceof org.locksim.scenario.json.JsonString
        ? cpusOr(p, cpus) : org.locksim.scenario.json.Values.integer(p, 1, 100_000);
    Work user = work.work(r.requiredObject("userTime"));
    List<Build.EntryKind> kinds = new java.util.ArrayList<>();
    for (ObjectReader e : r.requiredObjectArray("entries")) {
      String name = e.requiredString("name");
      double perJob = e.requiredDouble("perJob", 0, 1e9);
      Work kernel = work.work(e.requiredObject("kernel"));
      List<Build.Take> takes = new java.util.ArrayList<>();
      for (ObjectReader t : e.optionalObjectArray("locks")) {
        takes.add(new Build.Take(lockRef(t, "lock", lockNames),
            work.section(t.requiredObject("hold")),
            t.optionalInt("lineUpdates", 0, 0, 64)));
        t.finish();
      }
      boolean fault = e.optionalBoolean("pageFault", false);
      double io = e.optionalDouble("ioProbability", 0, 0, 1);
      Distribution ioWait = e.optionalObject("ioWait").map(DistributionReader::read)
          .orElse(new Distribution.Fixed(0));
      e.finish();
      kinds.add(new Build.EntryKind(name, perJob, kernel, takes, fault, io, ioWait));
    }
    if (kinds.isEmpty()) {
      throw r.errorAt("entries", "a build needs at least one kind of kernel entry");
    }
    if ((long) jobs * Math.max(1, Math.round(kinds.stream().mapToDouble(Build.EntryKind::perJob).sum())) > 2_000_000_000L) {
      throw r.errorAt("jobs", "jobs x entries per job exceeds 2e9 kernel entries; make the build smaller");
    }
    // The instruction mix of the code a burst stands for (defaults: one instruction a cycle,
    // branches not counted).
    double ipc = r.optionalDouble("instructionsPerCycle", 1, 0.01, 10);
    double bpi = r.optionalDouble("branchesPerInstruction", 0, 0, 1);
    Placement placement = PlacementReader.read(r, parallel, cpus, "a build's jobs are new"
        + " processes that inherit make's affinity: give the group's cpus (and a policy, which"
        + " places make's job slots)");
    return new Build(jobs, parallel, user, kinds, ipc, bpi, work.lines(), placement);
  }

  private static int cpusOr(org.locksim.scenario.json.JsonValue v, int cpus) {
    org.locksim.scenario.json.Values.oneOf(v, List.of("cpus"));
    return cpus;
  }

  private static Workload contention(ObjectReader r, Set<String> lockNames, int cpus, LockTraits traits) {
    WorkReader work = WorkReader.of(r, lockNames);
    int tasks = r.requiredInt("tasks", 1, 100_000);
    List<String> locks = new java.util.ArrayList<>();
    if (r.has("locks")) {
      for (var v : r.optionalArray("locks")) {
        String n = org.locksim.scenario.json.Values.string(v);
        if (!lockNames.contains(n)) {
          throw org.locksim.scenario.json.InputError.unknownName(v.location(), "lock", n, lockNames);
        }
        locks.add(n);
      }
      if (locks.isEmpty()) {
        throw r.errorAt("locks", "a contention workload needs at least one lock");
      }
    } else {
      locks.add(lockRef(r, "lock", lockNames));
    }
    Work critical = work.section(r.requiredObject("critical"));
    Work outside = r.optionalObject("outside").map(work::work).orElse(Work.none());
    Work think = r.optionalObject("think").map(work::work).orElse(Work.none());
    boolean user = r.optionalEnum("space", "kernel", List.of("kernel", "user")).equals("user");
    for (String lock : user ? locks : List.<String>of()) {
      if (!traits.userSpace(lock)) {
        throw r.errorAt("space", "lock " + lock + " runs " + traits.algorithm(lock) + ", kernel code"
            + " that cannot run in user space (per-CPU state, sleeping, or interrupts off); a"
            + " user-space loop takes spin.tas, spin.ttas, spin.tas-backoff, spin.ticket,"
            + " queued.mcs, queued.cna-mcs, queued.cohort-bo-mcs or mutex.futex");
      }
    }
    int readers = r.optionalInt("readers", 0, 0, tasks);
    double readFraction = r.optionalDouble("readFraction", 0, 0, 1);
    if (readers > 0 && readFraction > 0) {
      throw r.errorAt("readFraction", "give readers (tasks that only read) or readFraction (reads"
          + " among every task's acquisitions), not both");
    }
    if (readers > 0 || readFraction > 0) {
      String field = readers > 0 ? "readers" : "readFraction";
      for (String lock : locks) {
        if (!traits.readerWriter(lock)) {
          throw r.errorAt(field, "lock " + lock + " runs " + traits.algorithm(lock) + ", an exclusive"
              + " lock that cannot be taken for reading (a reader-writer algorithm: rw.qrwlock,"
              + " rw.rwsem or rw.freebsd)");
        }
      }
    }
    boolean fence = r.optionalBoolean("fenceAroundRelease", false);
    return new ContentionLoop(tasks, locks, critical, outside, think, work.lines(),
        PlacementReader.read(r, tasks, cpus, null), user, readers, readFraction, fence);
  }

  static String lockRef(ObjectReader r, String field, Set<String> lockNames) {
    String name = r.requiredString(field);
    if (!lockNames.contains(name)) {
      throw r.unknownName(field, "lock", lockNames);
    }
    return name;
  }
}
