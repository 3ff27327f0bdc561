package org.locksim.ui.align;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.locksim.trace.TraceFile;

/**
 * The names an {@link AlignAt} event can take in a comparison: the lock names (for {@code
 * acquire} and {@code handoff}) or task names (for {@code wakeup} and {@code migration}) that
 * every compared trace contains, in the first trace's order, each once.
 */
public final class SharedNames {
  private SharedNames() { }

  /** Returns the names of {@code kind}'s locks or tasks that all of {@code traces} have. */
  public static List<String> of(AlignAt.Kind kind, List<TraceFile> traces) {
    if (traces.isEmpty()) {
      return List.of();
    }
    Set<String> shared = new LinkedHashSet<>(names(kind, traces.get(0)));
    for (TraceFile t : traces.subList(1, traces.size())) {
      shared.retainAll(Set.copyOf(names(kind, t)));
    }
    return List.copyOf(new ArrayList<>(shared));
  }

  private static List<String> names(AlignAt.Kind kind, TraceFile trace) {
    return kind.ofLock() ? trace.lockNames() : trace.taskNames();
  }
}
