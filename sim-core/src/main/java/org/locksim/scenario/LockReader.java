package org.locksim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.ParamSpec;
import org.locksim.scenario.json.ObjectReader;

/** Reads the {@code locks} array: names, registered algorithms and their parameters. */
final class LockReader {
  private final LockRegistry registry;

  LockReader(LockRegistry registry) {
    this.registry = registry;
  }

  /** The locks; at least one when {@code required}. */
  List<LockDef> read(List<ObjectReader> locks, ObjectReader parent, boolean required) {
    if (locks.isEmpty() && required) {
      throw parent.errorAt("locks", "a scenario needs at least one lock");
    }
    if (locks.size() > 10_000) {
      throw parent.errorAt("locks", locks.size() + " locks; at most 10000 are supported");
    }
    Map<String, LockDef> out = new LinkedHashMap<>();
    for (ObjectReader r : locks) {
      String name = r.requiredString("name");
      if (out.containsKey(name)) {
        throw r.errorAt("name", "two locks are called \"" + name + "\"");
      }
      String algorithm = r.requiredString("algorithm");
      LockRegistry.Entry e = registry.find(algorithm)
          .orElseThrow(() -> r.unknownName("algorithm", "lock algorithm", registry.names()));
      Optional<ObjectReader> p = r.optionalObject("params");
      LockParams params = p.map(x -> params(x, e.params())).orElseGet(() -> LockParams.defaults(e.params()));
      String line = r.optionalString("line").orElse(null);
      if (line != null && line.isBlank()) {
        throw r.errorAt("line", "a cache line's name, not an empty string");
      }
      r.finish();
      out.put(name, new LockDef(name, algorithm, params, e.factory(), line));
    }
    return new ArrayList<>(out.values());
  }

  private static LockParams params(ObjectReader r, List<ParamSpec> specs) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (ParamSpec s : specs) {
      Object v = switch (s.kind()) {
        case BOOLEAN -> r.optionalBoolean(s.name(), (Boolean) s.defaultValue());
        case INTEGER -> r.optionalLong(s.name(), ((Number) s.defaultValue()).longValue(),
            (long) s.min(), (long) s.max());
        case NANOS -> r.optionalDouble(s.name(), ((Number) s.defaultValue()).doubleValue(),
            s.min(), s.max());
        case CHOICE -> r.optionalValue(s.name())
            .<Object>map(x -> org.locksim.scenario.json.Values.oneOf(x, s.choices()))
            .orElse(s.defaultValue());
      };
      if (v != null) {
        values.put(s.name(), v);
      }
    }
    r.finish();
    return new LockParams(values);
  }
}
