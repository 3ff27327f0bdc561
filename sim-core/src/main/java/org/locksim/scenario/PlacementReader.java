package org.locksim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonString;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.Location;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.scenario.json.Values;
import org.locksim.sched.CpuMask;
import org.locksim.workload.Placement;

/**
 * Reads a workload's {@code affinity}: CPU lists as strings in the format of
 * {@code taskset -c} ({@code "0-3,8"}), either one for the whole group with a placement policy,
 * {@code {"cpus": "0-17", "policy": "spread"}}, or one per task,
 * {@code {"perTask": ["0", "18"]}}. Every CPU must be on the machine.
 */
public final class PlacementReader {
  static final List<String> POLICIES = List.of("none", "spread", "compact");

  private PlacementReader() { }

  /**
   * The workload's placement, from its optional {@code affinity} field.
   *
   * @param tasks how many tasks the workload has (for a list per task)
   * @param cpus how many CPUs the machine has
   * @param perTaskRefused why a list per task makes no sense for this workload, or null
   */
  static Placement read(ObjectReader workload, int tasks, int cpus, String perTaskRefused) {
    Optional<ObjectReader> o = workload.optionalObject("affinity");
    if (o.isEmpty()) {
      return Placement.NONE;
    }
    ObjectReader r = o.get();
    Placement p;
    if (r.has("perTask")) {
      if (r.has("cpus") || r.has("policy")) {
        throw r.errorAt("perTask", "give either a CPU list per task (perTask) or one for the"
            + " group with a policy (cpus, policy), not both");
      }
      if (perTaskRefused != null) {
        throw r.errorAt("perTask", perTaskRefused);
      }
      List<JsonValue> lists = Values.array(r.requiredValue("perTask"));
      if (lists.size() != tasks) {
        throw r.errorAt("perTask", "expected one CPU list per task (" + tasks + "), got "
            + lists.size());
      }
      List<CpuMask> masks = new ArrayList<>();
      for (JsonValue v : lists) {
        masks.add(cpuList(v, cpus));
      }
      p = new Placement(Placement.Policy.NONE, null, masks);
    } else {
      CpuMask group = r.optionalValue("cpus").map(v -> cpuList(v, cpus)).orElse(null);
      String policy = r.optionalEnum("policy", "none", POLICIES);
      p = new Placement(Placement.Policy.valueOf(policy.toUpperCase(java.util.Locale.ROOT)), group,
          List.of());
    }
    r.finish();
    return p;
  }

  /** A CPU list given as a JSON string, every CPU below {@code cpus}. */
  static CpuMask cpuList(JsonValue v, int cpus) {
    if (!(v instanceof JsonString s)) {
      throw Values.mismatch(v, "a CPU list as a string, like \"0-3,8\"");
    }
    return parse(s.value(), v.location(), cpus);
  }

  /**
   * Parses a CPU list given at {@code at} (a JSON string, or a command-line option) for a
   * machine whose kernel runs {@code cpus} CPUs (one under a uniprocessor kernel).
   */
  public static CpuMask parse(String text, Location at, int cpus) {
    CpuMask m;
    try {
      m = CpuMask.parse(text);
    } catch (CpuMask.BadList e) {
      String what = text.isBlank() ? e.getMessage()
          : "malformed CPU list \"" + text + "\": " + e.getMessage() + " at character "
              + (e.offset() + 1);
      throw new InputError(at, what + "; expected CPUs like 0-3,8 (a CPU, a range, a range"
          + " with a stride as 0-15:2, separated by commas)", Optional.empty());
    }
    if (m.last() >= cpus) {
      throw new InputError(at, "CPU " + m.last() + " is not on this machine, "
          + (cpus == 1 ? "whose kernel runs on CPU 0 only" : "whose CPUs are 0-" + (cpus - 1)),
          Optional.empty());
    }
    return m;
  }
}
