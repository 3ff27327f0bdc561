package org.locksim.engine;

/**
 * What the {@link EventQueue}s share: the number of pending events and the event popped last,
 * in plain fields that each queue's {@link #pop} fills and the accessors read, so that reading
 * an event allocates nothing. The ordering structure (heap, 4-ary heap, calendar) is each
 * queue's own.
 */
abstract class AbstractEventQueue implements EventQueue {
  /** Pending events. */
  int size;
  /** The event popped last. */
  long time;
  long seq;
  int handler;
  int a;
  long b;

  @Override
  public final int size() {
    return size;
  }

  @Override
  public final long time() {
    return time;
  }

  @Override
  public final long seq() {
    return seq;
  }

  @Override
  public final int handler() {
    return handler;
  }

  @Override
  public final int a() {
    return a;
  }

  @Override
  public final long b() {
    return b;
  }
}
