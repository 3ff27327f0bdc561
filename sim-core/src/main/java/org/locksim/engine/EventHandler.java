package org.locksim.engine;

/**
 * Receives the events scheduled for it. The two arguments are the handler's own: typically an
 * entity index and a token that lets the handler ignore events it no longer wants (the engine
 * has no cancellation; a stale event is one whose token no longer matches).
 */
@FunctionalInterface
public interface EventHandler {
  /**
   * Runs one event.
   *
   * @param a first argument given to {@link Simulation#schedule}
   * @param b second argument given to {@link Simulation#schedule}
   */
  void handle(int a, long b);
}
