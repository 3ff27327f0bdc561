package org.locksim.sched;

import org.locksim.machine.CacheLine;

/**
 * The conditions of the spin wait a step asks for ({@code spinWait} and the word waits built on
 * it), kept until the step is done and {@link SpinWaits#begin} starts the wait: the line and
 * the words of it to watch, the owner whose leaving its CPU ends the wait, whether
 * need_resched ends it, and whether the loop has a pause.
 */
final class SpinRequest {
  /** The line to watch, or null. */
  CacheLine line;
  /** The word that must change or reach {@link #value}, or -1 for any write of the line. */
  int word;
  long value;
  /** Whether the wait is until the word equals {@link #value} (rather than while it does). */
  boolean until;
  /** A second word whose change from {@link #value2} also ends the wait, or -1. */
  int word2;
  long value2;
  /** The bits of the word the wait compares (all, unless a masked wait). */
  long mask = -1L;
  /** The task whose leaving its CPU ends the wait, or null. */
  Task owner;
  /** Whether need_resched ends the wait. */
  boolean resched;
  /** The loop has no pause: the task goes on as soon as the write is visible. */
  boolean prompt;

  /** A wait for any write of {@code l} (when non-null), the owner leaving, or need_resched. */
  void any(CacheLine l, Task o, boolean stopOnResched) {
    line = l;
    mask = -1L;
    word = -1;
    until = false;
    word2 = -1;
    owner = o;
    resched = stopOnResched;
    prompt = false;
  }

  /** Narrows the wait to word {@code w} leaving ({@code u} false) or reaching {@code v}. */
  void word(int w, long v, boolean u) {
    word = w;
    value = v;
    until = u;
  }

  /** Adds a second word whose change from {@code v2} ends the wait too. */
  void orChanged(int w2, long v2) {
    word2 = w2;
    value2 = v2;
  }
}
