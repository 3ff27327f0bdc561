package org.locksim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.DataLine;
import org.locksim.workload.Work;

/**
 * Reads the work of a workload and the shared lines its critical sections touch.
 *
 * <p>Work is a duration in nanoseconds, {@code {"dist": "exponential", "meanNs": 1000}}, which
 * does not port to another machine, or cycles priced at the running CPU's clock,
 * {@code {"cycles": {"dist": "exponential", "mean": 3500}}}. A critical section may add
 * {@code "touches": [{"line": "uvm.pageq", "reads": 1, "writes": 1}]}, naming lines the
 * workload declares in {@code "lines": [{"name": "uvm.pageq", "beside": "pageqlock"}]}.
 */
final class WorkReader {
  private static final int MAX_ACCESSES = 1000;
  private final Map<String, DataLine> lines;

  private WorkReader(Map<String, DataLine> lines) {
    this.lines = lines;
  }

  /** Reads the workload's {@code lines}, whose {@code beside} names one of {@code lockNames}. */
  static WorkReader of(ObjectReader workload, Set<String> lockNames) {
    Map<String, DataLine> out = new LinkedHashMap<>();
    for (ObjectReader l : workload.optionalObjectArray("lines")) {
      String name = l.requiredString("name");
      if (name.isBlank()) {
        throw l.errorAt("name", "a cache line's name, not an empty string");
      }
      if (out.containsKey(name)) {
        throw l.errorAt("name", "two lines are called \"" + name + "\"");
      }
      String beside = l.has("beside") ? WorkloadReader.lockRef(l, "beside", lockNames) : null;
      l.finish();
      out.put(name, new DataLine(name, beside));
    }
    return new WorkReader(out);
  }

  /** The declared lines, in file order. */
  List<DataLine> lines() {
    return List.copyOf(lines.values());
  }

  /** Reads work that touches no shared line (kernel work outside locks, user time). */
  Work work(ObjectReader r) {
    return read(r, false);
  }

  /** Reads the work of a critical section, which may touch the declared lines. */
  Work section(ObjectReader r) {
    return read(r, true);
  }

  private Work read(ObjectReader r, boolean touches) {
    if (r.has("cycles") && r.has("dist")) {
      throw r.errorAt("cycles", "give the work in nanoseconds (dist) or in cycles, not both;"
          + " cycles port to another machine, nanoseconds do not");
    }
    boolean cycles = r.has("cycles");
    var amount = cycles ? DistributionReader.readCycles(r.requiredObject("cycles"))
        : DistributionReader.readFields(r, false);
    List<Work.Touch> list = new ArrayList<>();
    if (touches) {
      for (ObjectReader t : r.optionalObjectArray("touches")) {
        list.add(touch(t));
      }
    }
    r.finish();
    return new Work(amount, cycles, list);
  }

  private Work.Touch touch(ObjectReader t) {
    String line = t.requiredString("line");
    if (!lines.containsKey(line)) {
      throw t.unknownName("line", "cache line", lines.keySet());
    }
    int reads = t.optionalInt("reads", 0, 0, MAX_ACCESSES);
    int writes = t.optionalInt("writes", 0, 0, MAX_ACCESSES);
    if (reads + writes == 0) {
      throw t.error("a touch reads or writes its line at least once");
    }
    boolean chained = t.optionalBoolean("chained", false);
    t.finish();
    return new Work.Touch(line, reads, writes, chained);
  }
}
