package org.locksim.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One simulation: the clock, the event queue and the loop. Components register an
 * {@link EventHandler} once and then schedule events for it by id; the loop pops events in
 * {@code (time, seq)} order and hands each to its handler. One set of {@link Timers} may run
 * beside the queue, interleaved with its events in the same order. Nothing here is static, so
 * simulations on different threads are independent.
 */
public final class Simulation {
  private final EventQueue queue;
  private final List<EventHandler> handlerList = new ArrayList<>();
  private EventHandler[] handlers = new EventHandler[0];
  private long now;
  private long nextSeq;
  private long eventsRun;
  private boolean stopped;
  private long runEnd = Long.MIN_VALUE;
  private Timers timers;

  public Simulation() {
    this(new HeapEventQueue());
  }

  public Simulation(EventQueue queue) {
    this.queue = queue;
  }

  /** Registers a handler and returns the id to schedule its events with. */
  public int register(EventHandler handler) {
    handlerList.add(handler);
    handlers = handlerList.toArray(new EventHandler[0]);
    return handlers.length - 1;
  }

  /**
   * Creates the simulation's timers: {@code count} of them, ids 0 to {@code count - 1}, whose
   * firings run {@code handler} with the timer's id (and 0). A simulation has one set.
   */
  public Timers timers(EventHandler handler, int count) {
    if (timers != null) {
      throw new IllegalStateException("this simulation has its timers already");
    }
    timers = new Timers(this, handler, count);
    return timers;
  }

  /** The sequence number of an event or timer setting for {@code time}, checked not to lie in the past. */
  long nextSeq(long time) {
    if (time < now) {
      throw new IllegalArgumentException(
          "event scheduled in the past: " + time + " ps < now " + now + " ps");
    }
    return nextSeq++;
  }

  /**
   * Schedules an event.
   *
   * @param time absolute time in picoseconds, not earlier than {@link #now()}
   * @param handler id from {@link #register}
   * @param a first argument for the handler
   * @param b second argument for the handler
   */
  public void schedule(long time, int handler, int a, long b) {
    queue.push(time, nextSeq(time), handler, a, b);
  }

  /** Schedules an event {@code delay} picoseconds from now. */
  public void scheduleIn(long delay, int handler, int a, long b) {
    schedule(now + delay, handler, a, b);
  }

  /**
   * Runs events until the queue is empty, {@link #stop()} is called, or the next event lies
   * after {@code endTime}; the clock then stands at the last event run, or at {@code endTime}
   * when events remain beyond it.
   */
  public void runUntil(long endTime) {
    stopped = false;
    runEnd = endTime;
    EventQueue q = queue;
    Timers tm = timers;
    while (!stopped) {
      boolean fromQueue;
      if (tm == null || tm.size() == 0) {
        if (q.size() == 0) {
          break;
        }
        fromQueue = true;
      } else if (q.size() == 0) {
        fromQueue = false;
      } else {
        long qt = q.peekTime();
        long tt = tm.peekTime();
        fromQueue = qt < tt || (qt == tt && q.peekSeq() < tm.peekSeq());
      }
      long at = fromQueue ? q.peekTime() : tm.peekTime();
      if (at > endTime) {
        now = endTime;
        return;
      }
      now = at;
      eventsRun++;
      if (fromQueue) {
        q.pop();
        handlers[q.handler()].handle(q.a(), q.b());
      } else {
        tm.fireFirst();
      }
    }
    if (!stopped && now < endTime && pending() == 0) {
      now = endTime;
    }
  }

  /**
   * Lets a handler do at once what it would schedule for time {@code t}: when no pending event
   * comes at or before {@code t} and {@code t} lies within the current run, the clock moves to
   * {@code t} (counted as one event run) and this returns true. The order of events is exactly
   * what scheduling would have given, without a trip through the queue.
   */
  public boolean advanceTo(long t) {
    if (stopped || t < now || t > runEnd) {
      return false;
    }
    if (queue.size() > 0 && queue.peekTime() <= t) {
      return false;
    }
    if (timers != null && timers.size() > 0 && timers.peekTime() <= t) {
      return false;
    }
    now = t;
    eventsRun++;
    return true;
  }

  /** Makes {@link #runUntil} return after the event being run. */
  public void stop() {
    stopped = true;
  }

  /** The current time in picoseconds. */
  public long now() {
    return now;
  }

  /** Number of events run so far. */
  public long eventsRun() {
    return eventsRun;
  }

  /** Number of events pending, timers included. */
  public int pending() {
    return queue.size() + (timers == null ? 0 : timers.size());
  }
}
