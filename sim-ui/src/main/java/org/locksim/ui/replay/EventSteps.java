package org.locksim.ui.replay;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.locksim.trace.Arrow;
import org.locksim.trace.ArrowKind;
import org.locksim.trace.TraceFile;

/**
 * Steps from arrow to arrow of the chosen kinds (lock hand-offs, wakeups, migrations), in the
 * order of their causes ({@link Arrow#fromPs()}): where the replay cursor goes when the user
 * asks for the next or previous event.
 */
public final class EventSteps {
  /** The first window read around the cursor: 10 us of simulated time. */
  static final long FIRST_WINDOW_PS = 10_000_000L;

  private final TimeStepper<Arrow> stepper;

  /** Steps through {@code trace}'s arrows of {@code kinds}. */
  public EventSteps(TraceFile trace, Set<ArrowKind> kinds) {
    Set<ArrowKind> wanted = EnumSet.copyOf(kinds);
    this.stepper = new TimeStepper<>((from, to) -> {
      List<Arrow> in = trace.arrows(from, to);
      in.removeIf(a -> !wanted.contains(a.kind()) || a.fromPs() < from || a.fromPs() >= to);
      return in;
    }, Arrow::fromPs, trace.startPs(), trace.endPs() + 1, FIRST_WINDOW_PS);
  }

  /** Returns the first arrow caused after {@code ps}. */
  public Optional<Arrow> next(long ps) {
    return stepper.next(ps);
  }

  /** Returns the last arrow caused before {@code ps}. */
  public Optional<Arrow> previous(long ps) {
    return stepper.previous(ps);
  }
}
