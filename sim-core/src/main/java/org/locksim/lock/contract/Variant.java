package org.locksim.lock.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.locksim.lock.LockParams;
import org.locksim.lock.LockRegistry;
import org.locksim.lock.ParamSpec;

/**
 * An algorithm with its defaults, or with one parameter changed.
 *
 * @param entry the registry entry
 * @param changed the parameter changed from its default, if any
 */
public record Variant(LockRegistry.Entry entry, Map<String, Object> changed) {
  public Variant {
    changed = Map.copyOf(changed);
  }

  /** Every variant the contract runs: the defaults, each boolean flipped, each choice made. */
  public static List<Variant> of(LockRegistry.Entry e) {
    List<Variant> out = new ArrayList<>();
    out.add(new Variant(e, Map.of()));
    for (ParamSpec p : e.params()) {
      if (p.kind() == ParamSpec.Kind.BOOLEAN) {
        out.add(new Variant(e, Map.of(p.name(), !(Boolean) p.defaultValue())));
      } else if (p.kind() == ParamSpec.Kind.CHOICE) {
        for (String c : p.choices()) {
          if (!c.equals(p.defaultValue())) {
            out.add(new Variant(e, Map.of(p.name(), c)));
          }
        }
      }
    }
    return out;
  }

  public LockParams params() {
    Map<String, Object> m = new TreeMap<>(LockParams.defaults(entry.params()).asMap());
    m.putAll(changed);
    return new LockParams(m);
  }

  @Override
  public String toString() {
    return entry.name() + (changed.isEmpty() ? "" : new TreeMap<>(changed).toString());
  }
}
