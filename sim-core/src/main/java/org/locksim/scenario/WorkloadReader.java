package org.locksim.scenario;

import java.util.List;
import java.util.Set;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.ContentionLoop;
import org.locksim.workload.Distribution;
import org.locksim.workload.PathWalk;
import org.locksim.workload.UncontendedLoop;
import org.locksim.workload.Workload;

/** Reads the {@code workload} object, dispatching on its {@code type}. */
final class WorkloadReader {
  static final List<String> TYPES = List.of("uncontended", "contention", "pathwalk");

  private WorkloadReader() { }

  static Workload read(ObjectReader r, Set<String> lockNames, int cpus) {
    String type = r.requiredEnum("type", TYPES);
    Workload w = switch (type) {
      case "uncontended" -> new UncontendedLoop(lockRef(r, "lock", lockNames),
          r.optionalInt("cpu", 0, 0, cpus - 1));
      case "contention" -> contention(r, lockNames);
      case "pathwalk" -> new PathWalk(r.requiredInt("processes", 1, 100_000),
          r.requiredLong("entries", 1, 1_000_000_000L), lockRef(r, "lock", lockNames),
          r.optionalInt("lockTakes", 2, 1, 1000),
          DistributionReader.read(r.requiredObject("critical")),
          DistributionReader.read(r.requiredObject("lookup")),
          r.optionalObject("user").map(DistributionReader::read).orElse(new Distribution.Fixed(0)));
      default -> throw new IllegalStateException(type);
    };
    r.finish();
    return w;
  }

  private static Workload contention(ObjectReader r, Set<String> lockNames) {
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
    Distribution critical = DistributionReader.read(r.requiredObject("critical"));
    Distribution outside = r.optionalObject("outside").map(DistributionReader::read)
        .orElse(new Distribution.Fixed(0));
    Distribution think = r.optionalObject("think").map(DistributionReader::read)
        .orElse(new Distribution.Fixed(0));
    return new ContentionLoop(tasks, locks, critical, outside, think);
  }

  static String lockRef(ObjectReader r, String field, Set<String> lockNames) {
    String name = r.requiredString(field);
    if (!lockNames.contains(name)) {
      throw r.unknownName(field, "lock", lockNames);
    }
    return name;
  }
}
