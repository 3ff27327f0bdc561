package org.locksim.lock;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every lock algorithm by name: the bundled families ({@link BundledLocks}, which lists them
 * explicitly, no classpath scanning) and those of plugin jars given on the command line, each
 * registered through a {@link LockProvider}.
 */
public final class LockRegistry {
  /**
   * One registered algorithm.
   *
   * @param name scenario name, from the class's {@link LockSpec}
   * @param summary one line
   * @param params its parameters
   * @param factory makes instances
   * @param type the algorithm's class
   * @param origin {@link #BUNDLED}, or the path of the plugin jar it came from
   */
  public record Entry(String name, String summary, List<ParamSpec> params, LockFactory factory,
      Class<? extends Lock> type, String origin) { }

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  /** The origin of the bundled algorithms, as {@link Entry#origin()} gives it. */
  public static final String BUNDLED = "bundled";

  private final String origin;

  /** An empty registry for the bundled algorithms. */
  public LockRegistry() {
    this(BUNDLED);
  }

  /** An empty registry whose entries come from {@code origin}, a plugin jar's path. */
  public LockRegistry(String origin) {
    this.origin = origin;
  }

  /** The registry of every algorithm locksim has. */
  public static LockRegistry standard() {
    LockRegistry r = new LockRegistry();
    new BundledLocks().register(r);
    return r;
  }

  /** Registers {@code type} under the name of its {@link LockSpec}. */
  public void add(Class<? extends Lock> type, List<ParamSpec> params, LockFactory factory) {
    LockSpec spec = type.getAnnotation(LockSpec.class);
    if (spec == null) {
      throw new IllegalArgumentException(type + " has no @LockSpec");
    }
    add(new Entry(spec.name(), spec.summary(), List.copyOf(params), factory, type, origin));
  }

  /** Registers {@code e} as it is: to merge a plugin's algorithms into this registry. */
  public void add(Entry e) {
    Entry already = entries.get(e.name());
    if (already != null) {
      throw new IllegalArgumentException("the name " + e.name() + " of " + e.type().getName()
          + " is taken by " + already.type().getName() + " ("
          + (already.origin().equals(BUNDLED) ? "bundled" : "from " + already.origin()) + ")");
    }
    entries.put(e.name(), e);
  }

  public Optional<Entry> find(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /** Names in registration order. */
  public List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(entries.keySet()));
  }

  public List<Entry> entries() {
    return List.copyOf(entries.values());
  }
}
