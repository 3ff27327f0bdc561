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

  /**
   * Reads what the window's "Align at" control holds: {@code text} in the {@code KIND:NAME}
   * form {@code --align} takes (whatever kind is chosen), or else a name of the {@code chosen}
   * kind's locks or tasks; {@code 0} or nothing is null (back to time 0). Text with a colon is
   * read as {@code KIND:NAME} unless it is one of {@code names}, those the control lists.
   *
   * @throws IllegalArgumentException for a misspelt kind, as {@link #parse} says it, or a name
   *     with no kind chosen
   */
  public static AlignAt read(Kind chosen, String text, java.util.Collection<String> names) {
    String t = text == null ? "" : text.strip();
    if (t.isEmpty() || t.equals("0")) {
      return null;
    }
    int colon = t.indexOf(':');
    String word = colon < 0 ? "" : t.substring(0, colon).toLowerCase(Locale.ROOT);
    if (WORDS.contains(word) || (colon >= 0 && (chosen == null || !names.contains(t)))) {
      return parse(t);
    }
    if (chosen == null) {
      throw new IllegalArgumentException("--align: choose a kind (" + String.join(", ", WORDS)
          + ") for '" + t + "', or write KIND:NAME");
    }
    return new AlignAt(chosen, t);
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
