package org.locksim.sched;

import org.locksim.cpu.Instr;
import org.locksim.machine.CacheLine;

/**
 * Event-driven spin waits, one per CPU. A spinner waits, costing no events, until its first
 * wake condition is reported: the watched line is written (for {@code spinWhile}: its word
 * changes; a write that leaves it as it was costs a re-read of the line and no event), the
 * owner task leaves its CPU, its CPU's need_resched is set, or a timeout passes. It then
 * notices within one pause, and the kernel runs its next step.
 */
final class SpinWaits {
  private final Kernel k;
  private final CacheLine[] line;
  private final int[] word;
  private final long[] value;
  /** Per CPU: wake when the word equals {@code value} (rather than when it differs). */
  private final boolean[] until;
  /** The task whose leaving its CPU ends each CPU's wait, or null. */
  private final Task[] owner;
  private final long[] watchResched;
  private final int hTimeout;

  SpinWaits(Kernel k, int cpus) {
    this.k = k;
    line = new CacheLine[cpus];
    word = new int[cpus];
    value = new long[cpus];
    until = new boolean[cpus];
    owner = new Task[cpus];
    watchResched = new long[cpus];
    java.util.Arrays.fill(watchResched, -1);
    hTimeout = k.sim.register((cpu, tok) -> wakeAt(cpu, tok, WaitReason.TIMEOUT, k.sim.now()));
  }

  /** Forgets {@code cpu}'s wait conditions (its token is being bumped). */
  void clear(int cpu) {
    watchResched[cpu] = -1;
    owner[cpu] = null;
  }

  /**
   * Starts a wait of {@code cpu}'s task {@code t} at {@code at}.
   *
   * @param l the line to watch, or null
   * @param w the word that must change ({@code spinWhile}) or reach a value
   *     ({@code spinUntil}), or -1 for any write
   * @param v the value the word holds, or must reach
   * @param u whether the wait is until the word equals {@code v}
   * @param o the owner whose leaving its CPU ends the wait, or null
   * @param resched whether need_resched ends the wait
   * @param timeoutPs when the wait ends anyway; 0 for never
   */
  void begin(int cpu, Task t, long at, CacheLine l, int w, long v, boolean u, Task o,
      boolean resched, long timeoutPs) {
    long tok = k.bump(cpu);
    line[cpu] = null;
    // The step's private costs run first; the spin starts when they are done.
    k.counters.account(cpu, CpuMode.SPINNING, t.top().function(), t.id, at);
    t.pendingWait = t.top();
    if (resched && k.sched.needResched(cpu)) {
      wakeAt(cpu, tok, WaitReason.NEED_RESCHED, at);
      return;
    }
    if (o != null && !k.onCpu(o)) {
      wakeAt(cpu, tok, WaitReason.OWNER_OFF_CPU, at);
      return;
    }
    if (l != null) {
      boolean changed = w >= 0 && (l.peek(w) == v) == u;
      if (changed || (w < 0 && !l.holds(cpu))) {
        wakeAt(cpu, tok, WaitReason.LINE_WRITTEN, at);
        return;
      }
      line[cpu] = l;
      word[cpu] = w;
      value[cpu] = v;
      until[cpu] = u;
      if (!l.holds(cpu)) {
        // The word still holds the value, but the copy is gone: read it again.
        k.coherence.read(cpu, l, at, k.machine.cpu(cpu).ps(Instr.LOAD));
      }
      k.coherence.watch(cpu, l, tok);
    }
    owner[cpu] = o;
    if (resched) {
      watchResched[cpu] = tok;
    }
    if (timeoutPs > 0) {
      k.sim.schedule(at + timeoutPs, hTimeout, cpu, tok);
    }
  }

  /**
   * Ends the wait of {@code cpu} registered with {@code tok}, if it is still pending: the first
   * wake condition to be reported wins, and the spinner notices it within one iteration of its
   * loop (a pause) after {@code at}.
   */
  private void wakeAt(int cpu, long tok, WaitReason why, long at) {
    if (tok != k.token[cpu]) {
      return;
    }
    Task t = k.sched.current(cpu);
    if (t == null || t.pendingWait == null) {
      return;
    }
    k.bump(cpu);
    line[cpu] = null;
    t.pendingWait = null;
    t.result = why.ordinal();
    k.counters.instructions[cpu] += 1;
    k.scheduleStep(cpu, Math.max(at, k.sim.now()) + k.machine.cpu(cpu).ps(Instr.PAUSE));
  }

  /** The line {@code cpu} watches with {@code tok} was written; visible at {@code visibleAt}. */
  void lineWritten(int cpu, long tok, long visibleAt) {
    if (tok != k.token[cpu]) {
      return;
    }
    int w = word[cpu];
    CacheLine l = line[cpu];
    if (w >= 0 && l != null && (l.peek(w) == value[cpu]) != until[cpu]) {
      // spinWhile / spinUntil: the word is not what ends the wait. The spinner's next pass
      // re-reads the line and goes on spinning; no event.
      long reread = Math.max(visibleAt, k.sim.now()) + k.machine.cpu(cpu).ps(Instr.PAUSE);
      k.coherence.reread(cpu, l, reread, k.machine.cpu(cpu).ps(Instr.LOAD));
      k.counters.instructions[cpu] += 2;
      k.coherence.watch(cpu, l, tok);
      return;
    }
    wakeAt(cpu, tok, WaitReason.LINE_WRITTEN, visibleAt);
  }

  /** need_resched was set on {@code cpu}: a spinner that watches it stops. */
  void reschedSet(int cpu, long at) {
    long tok = watchResched[cpu];
    if (tok >= 0 && tok == k.token[cpu]) {
      wakeAt(cpu, tok, WaitReason.NEED_RESCHED, at);
    }
  }

  /** {@code t} left its CPU: spinners watching it stop. */
  void offCpu(Task t, long at) {
    for (int cpu = 0; cpu < owner.length; cpu++) {
      if (owner[cpu] == t) {
        wakeAt(cpu, k.token[cpu], WaitReason.OWNER_OFF_CPU, at);
      }
    }
  }
}
