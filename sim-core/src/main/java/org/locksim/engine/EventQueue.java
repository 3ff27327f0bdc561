package org.locksim.engine;

/**
 * A priority queue of events ordered by {@code (time, seq)}. Implementations keep events in
 * primitive storage so that {@link #push} and {@link #pop} allocate nothing once the queue has
 * grown to its working size.
 *
 * <p>{@link #pop} removes the head and exposes its fields through {@link #time()},
 * {@link #handler()}, {@link #a()} and {@link #b()} until the next call.
 */
public interface EventQueue {
  /** Adds an event; {@code seq} must be unique and increasing in scheduling order. */
  void push(long time, long seq, int handler, int a, long b);

  /** Removes the earliest event; its fields are then readable. */
  void pop();

  /** Time of the earliest pending event; undefined when empty. */
  long peekTime();

  /** Sequence number of the earliest pending event; undefined when empty. */
  long peekSeq();

  int size();

  default boolean isEmpty() {
    return size() == 0;
  }

  /** Time of the event last popped. */
  long time();

  /** Sequence number of the event last popped. */
  long seq();

  /** Handler id of the event last popped. */
  int handler();

  /** First argument of the event last popped. */
  int a();

  /** Second argument of the event last popped. */
  long b();
}
