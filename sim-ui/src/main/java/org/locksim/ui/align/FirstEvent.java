package org.locksim.ui.align;

import java.util.List;
import java.util.Optional;
import org.locksim.scenario.json.Names;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.LockHold;
import org.locksim.trace.TraceFile;
import org.locksim.ui.replay.TimeStepper;

/**
 * Finds when an {@link AlignAt} event first happens in a trace, reading widening windows from
 * the trace's start ({@link TimeStepper}), so a long trace is not read whole when the event
 * comes early.
 */
final class FirstEvent {
  /** The first window read: 10 us of simulated time. */
  private static final long FIRST_WINDOW_PS = 10_000_000L;
  /** A message lists at most this many lock or task names. */
  private static final int LISTED = 12;

  private FirstEvent() { }

  /**
   * Returns the time of {@code at}'s event in {@code trace}, called {@code title} in messages.
   *
   * @throws IllegalArgumentException when the trace has no such lock or task, or no such event
   */
  static long timeOf(AlignAt at, TraceFile trace, String title) {
    List<String> names = at.kind().ofLock() ? trace.lockNames() : trace.taskNames();
    String what = at.kind().ofLock() ? "lock" : "task";
    int index = names.indexOf(at.name());
    if (index < 0) {
      throw new IllegalArgumentException("--align " + at.spec() + ": " + title + " has no " + what
          + " '" + at.name() + "'"
          + Names.closest(at.name(), names).map(n -> " (did you mean '" + n + "'?)").orElse("")
          + "; its " + what + "s: " + listed(names));
    }
    Optional<Long> t = switch (at.kind()) {
      case ACQUIRE -> first((from, to) -> trace.lockHolds(index, from, to), LockHold::startPs, trace);
      case HANDOFF -> firstArrow(trace, ArrowKind.HANDOFF, a -> a.lock() == index);
      case WAKEUP -> firstArrow(trace, ArrowKind.WAKEUP, a -> a.toTask() == index);
      case MIGRATION -> firstArrow(trace, ArrowKind.MIGRATION, a -> a.fromTask() == index);
    };
    return t.orElseThrow(() -> new IllegalArgumentException("--align " + at.spec() + ": " + what
        + " '" + at.name() + "' has no " + at.kind().word() + " in " + title));
  }

  private static Optional<Long> firstArrow(TraceFile trace, ArrowKind kind,
      java.util.function.Predicate<Arrow> of) {
    return first((from, to) -> {
      List<Arrow> in = trace.arrows(from, to);
      in.removeIf(a -> a.kind() != kind || !of.test(a));
      return in;
    }, Arrow::fromPs, trace);
  }

  private static <E> Optional<Long> first(TimeStepper.Source<E> source,
      java.util.function.ToLongFunction<E> timeOf, TraceFile trace) {
    return new TimeStepper<>(source, timeOf, trace.startPs(), trace.endPs() + 1, FIRST_WINDOW_PS)
        .next(trace.startPs() - 1).map(timeOf::applyAsLong);
  }

  private static String listed(List<String> names) {
    return names.size() <= LISTED ? Names.list(names)
        : String.join(", ", names.subList(0, LISTED)) + ", … (" + names.size() + " in all)";
  }
}
