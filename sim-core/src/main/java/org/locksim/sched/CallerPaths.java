package org.locksim.sched;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Interned call paths, {@code "lock_torture_writer;queued_spin_lock"}, so that the frames
 * under a task's running routine cost a map lookup per call, not a string per interval, when a
 * profile wants them (folded stacks with their callers).
 */
final class CallerPaths {
  /** The path of no callers. */
  static final String ROOT = "";

  private final Map<String, Map<String, String>> children = new IdentityHashMap<>();

  /** {@code parent} (an interned path) followed by {@code function}, interned. */
  String child(String parent, String function) {
    Map<String, String> c = children.computeIfAbsent(parent, p -> new HashMap<>());
    String path = c.get(function);
    if (path == null) {
      path = parent.isEmpty() ? function : parent + ";" + function;
      c.put(function, path);
    }
    return path;
  }
}
