package org.locksim.ui.replay;

/**
 * Moves the replay cursor forward at a chosen speed, in simulated microseconds per wall
 * second, as a video player moves its play head: each frame advances it by the wall time since
 * the last, and it stops at the end of the run.
 */
public final class ReplayClock {
  private final long endPs;
  private double usPerSecond;

  /** A clock that stops at {@code endPs}, playing {@code usPerSecond} simulated us per second. */
  public ReplayClock(long endPs, double usPerSecond) {
    this.endPs = endPs;
    setSpeed(usPerSecond);
  }

  /** Sets the speed, simulated microseconds per wall second ({@code > 0}). */
  public void setSpeed(double usPerSecond) {
    if (!(usPerSecond > 0)) {
      throw new IllegalArgumentException("speed " + usPerSecond + " us/s is not positive");
    }
    this.usPerSecond = usPerSecond;
  }

  public double speed() {
    return usPerSecond;
  }

  /** Returns where a cursor at {@code ps} is after {@code wallNanos} of playing. */
  public long advance(long ps, long wallNanos) {
    double stepPs = usPerSecond * 1e6 * wallNanos / 1e9;
    return (long) Math.min((double) endPs, ps + Math.floor(stepPs));
  }

  /** Returns true when a cursor at {@code ps} has reached the end. */
  public boolean finished(long ps) {
    return ps >= endPs;
  }
}
