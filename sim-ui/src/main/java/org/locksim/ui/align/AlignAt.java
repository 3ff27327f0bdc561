package org.locksim.ui.align;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.locksim.scenario.json.Names;
import org.locksim.trace.TraceFile;
import org.locksim.ui.session.Opened;

/**
 * The event two timelines are aligned at, written {@code KIND:NAME}: {@code acquire:LOCK} (the
 * lock's first acquisition), {@code handoff:LOCK} (its first hand-off from one owner to the
 * next), {@code wakeup:TASK} (the first time the task is woken), {@code migration:TASK} (its
 * first move to another CPU). The second timeline is shifted so that its event sits under the
 * first's.
 *
 * @param kind what happens
 * @param name the lock or task it happens to
 */
public record AlignAt(Kind kind, String name) {
  /** What the event is, and whether it names a lock or a task. */
  public enum Kind {
    /** The first acquisition of a lock (the start of its first hold). */
    ACQUIRE("acquire", true),
    /** The first hand-off of a lock, at the release that hands it over. */
    HANDOFF("handoff", true),
    /** The first wakeup of a task, at its waker's wakeup. */
    WAKEUP("wakeup", false),
    /** The first migration of a task, when it leaves its CPU. */
    MIGRATION("migration", false);

    private final String word;
    private final boolean ofLock;

    Kind(String word, boolean ofLock) {
      this.word = word;
      this.ofLock = ofLock;
    }

    /** The kind as written before the colon. */
    public String word() {
      return word;
    }

    /** True when the name is a lock's, false when it is a task's. */
    public boolean ofLock() {
      return ofLock;
    }
  }

  private static final List<String> WORDS = Arrays.stream(Kind.values()).map(Kind::word).toList();

  /**
   * Parses {@code KIND:NAME}; a mistake is an {@link IllegalArgumentException} saying what was
   * expected, with the closest kind for a misspelt one.
   */
  public static AlignAt parse(String spec) {
    int colon = spec.indexOf(':');
    if (colon <= 0 || colon == spec.length() - 1) {
      throw new IllegalArgumentException("--align: expected KIND:NAME with KIND one of "
          + String.join(", ", WORDS) + " (e.g. acquire:mount_mutex), got '" + spec + "'");
    }
    String word = spec.substring(0, colon).toLowerCase(Locale.ROOT);
    for (Kind k : Kind.values()) {
      if (k.word.equals(word)) {
        return new AlignAt(k, spec.substring(colon + 1));
      }
    }
    throw new IllegalArgumentException("--align: unknown kind '" + spec.substring(0, colon) + "'"
        + Names.closest(word, WORDS).map(n -> " (did you mean '" + n + "'?)").orElse("")
        + "; expected one of " + String.join(", ", WORDS));
  }

  /** Returns the event as written, {@code KIND:NAME}. */
  public String spec() {
    return kind.word + ":" + name;
  }

  /**
   * Returns how far to move {@code second}'s times so that its event sits under {@code
   * first}'s: the first's time of the event minus the second's.
   *
   * @param firstTitle how the first timeline is called in a message
   * @param secondTitle how the second is called
   * @throws IllegalArgumentException when a trace has no such lock or task, or no such event
   */
  public long shiftPs(TraceFile first, String firstTitle, TraceFile second, String secondTitle) {
    return FirstEvent.timeOf(this, first, firstTitle) - FirstEvent.timeOf(this, second, secondTitle);
  }

  /**
   * Returns {@code runs} with the second moved along the shared axis so that its event sits
   * under the first's; one run, or none, comes back as it is.
   *
   * @throws IllegalArgumentException when a trace has no such lock or task, or no such event
   */
  public List<Opened> applyTo(List<Opened> runs) {
    if (runs.size() < 2) {
      return runs;
    }
    Opened first = runs.get(0);
    Opened second = runs.get(1);
    List<Opened> out = new ArrayList<>(runs);
    out.set(1, second.shifted(shiftPs(first.trace(), first.title(), second.trace(), second.title())));
    return out;
  }
}
