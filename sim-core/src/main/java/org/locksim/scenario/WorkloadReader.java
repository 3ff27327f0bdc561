package org.locksim.scenario;

import java.util.List;
import java.util.Set;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.UncontendedLoop;
import org.locksim.workload.Workload;

/** Reads the {@code workload} object, dispatching on its {@code type}. */
final class WorkloadReader {
  static final List<String> TYPES = List.of("uncontended");

  private WorkloadReader() { }

  static Workload read(ObjectReader r, Set<String> lockNames, int cpus) {
    String type = r.requiredEnum("type", TYPES);
    Workload w = switch (type) {
      case "uncontended" -> new UncontendedLoop(lockRef(r, "lock", lockNames),
          r.optionalInt("cpu", 0, 0, cpus - 1));
      default -> throw new IllegalStateException(type);
    };
    r.finish();
    return w;
  }

  static String lockRef(ObjectReader r, String field, Set<String> lockNames) {
    String name = r.requiredString(field);
    if (!lockNames.contains(name)) {
      throw r.unknownName(field, "lock", lockNames);
    }
    return name;
  }
}
