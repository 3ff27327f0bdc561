package org.locksim.lock;

import java.util.Map;
import java.util.TreeMap;

/** A lock's parameter values, already checked against its {@link ParamSpec}s. */
public final class LockParams {
  private final Map<String, Object> values;

  public LockParams(Map<String, Object> values) {
    this.values = new TreeMap<>(values);
  }

  /** Equal values: two loads of one scenario give equal parameters. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LockParams p && values.equals(p.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /** The defaults of {@code specs}. */
  public static LockParams defaults(Iterable<ParamSpec> specs) {
    Map<String, Object> m = new TreeMap<>();
    for (ParamSpec s : specs) {
      if (s.defaultValue() != null) {
        m.put(s.name(), s.defaultValue());
      }
    }
    return new LockParams(m);
  }

  public boolean bool(String name) {
    return (Boolean) require(name);
  }

  public long integer(String name) {
    return ((Number) require(name)).longValue();
  }

  /** A duration parameter, converted to picoseconds. */
  public long nanosAsPs(String name) {
    return Math.round(((Number) require(name)).doubleValue() * 1000);
  }

  /** A choice, or {@code null} when it defaults to the kernel's setting. */
  public String choice(String name) {
    return (String) values.get(name);
  }

  private Object require(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException("no parameter " + name);
    }
    return v;
  }

  /** All values, sorted by name: for reports. */
  public Map<String, Object> asMap() {
    return new TreeMap<>(values);
  }
}
