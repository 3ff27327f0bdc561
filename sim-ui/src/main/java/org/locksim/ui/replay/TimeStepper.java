package org.locksim.ui.replay;

import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Finds the first event after a time, or the last before it, in a trace too long to read whole:
 * it asks for the events of a window next to the time and doubles the window until one is
 * found or the trace's bounds are passed. A step costs a few windows' reading however long the
 * run is, and finds the same event a full scan would.
 *
 * @param <E> the event type
 */
public final class TimeStepper<E> {
  /** Reads the events whose time lies in {@code [fromPs, toPs)}, in any order. */
  public interface Source<E> {
    List<E> eventsIn(long fromPs, long toPs);
  }

  private final Source<E> source;
  private final ToLongFunction<E> timeOf;
  private final long minPs;
  private final long maxPs;
  private final long firstWindowPs;

  /**
   * A stepper over {@code [minPs, maxPs)} whose first window is {@code firstWindowPs} wide.
   */
  public TimeStepper(Source<E> source, ToLongFunction<E> timeOf, long minPs, long maxPs,
      long firstWindowPs) {
    this.source = source;
    this.timeOf = timeOf;
    this.minPs = minPs;
    this.maxPs = maxPs;
    this.firstWindowPs = Math.max(1, firstWindowPs);
  }

  /** Returns the earliest event strictly after {@code ps} (ties: the first the source lists). */
  public Optional<E> next(long ps) {
    long from = Math.max(ps + 1, minPs);
    for (long w = firstWindowPs; from < maxPs; w = Math.min(w * 2, Long.MAX_VALUE / 4)) {
      long to = Math.min(maxPs, from + w);
      E best = null;
      for (E e : source.eventsIn(from, to)) {
        long t = timeOf.applyAsLong(e);
        if (t >= from && t < to && (best == null || t < timeOf.applyAsLong(best))) {
          best = e;
        }
      }
      if (best != null) {
        return Optional.of(best);
      }
      from = to;
    }
    return Optional.empty();
  }

  /** Returns the latest event strictly before {@code ps} (ties: the last the source lists). */
  public Optional<E> previous(long ps) {
    long to = Math.min(ps, maxPs);
    for (long w = firstWindowPs; to > minPs; w = Math.min(w * 2, Long.MAX_VALUE / 4)) {
      long from = Math.max(minPs, to - w);
      E best = null;
      for (E e : source.eventsIn(from, to)) {
        long t = timeOf.applyAsLong(e);
        if (t >= from && t < to && (best == null || t >= timeOf.applyAsLong(best))) {
          best = e;
        }
      }
      if (best != null) {
        return Optional.of(best);
      }
      to = from;
    }
    return Optional.empty();
  }
}
