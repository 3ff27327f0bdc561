package org.locksim.bench.hold;

import org.locksim.engine.EventQueue;

/** The hold model on one of the engine's {@link EventQueue}s, with its (time, seq) keys. */
public final class LocksimHold implements HoldModel {
  private final EventQueue queue;
  private long seq;

  public LocksimHold(EventQueue queue) {
    this.queue = queue;
  }

  @Override
  public void fill(HoldIncrements increments, int pending) {
    for (int i = 0; i < pending; i++) {
      queue.push(increments.at(i), seq++, 0, i, 0);
    }
  }

  @Override
  public long hold(long increment) {
    EventQueue q = queue;
    q.pop();
    long t = q.time();
    q.push(t + increment, seq++, 0, q.a(), 0);
    return t;
  }
}
