package org.locksim.sched;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CpuSlot;
import org.locksim.engine.Round;
import org.locksim.machine.Machine;

/**
 * The hardware threads of one core sharing its execution units: while k of a core's threads
 * are in compute bursts, each runs at {@link Cluster#threadSpeed}(k) of its speed alone (with
 * two threads and an {@code smtThroughput} of 1.25, at 0.625). A thread that spins in a pause
 * loop, waits for a line, sleeps or idles takes nothing from its siblings: {@code pause} exists
 * to give the core to the other thread (Intel's optimization manual), and a load that misses
 * leaves the core to it, which is what SMT is for (Marr et al., "Hyper-Threading Technology
 * Architecture and Microarchitecture", Intel Technology Journal 6(1), 2002). When a sibling
 * starts or ends a burst, the bursts under way on the core keep the work they have left and go
 * on at the new speed. The end of a burst is scheduled at its end for the speed it has then;
 * a slow-down leaves that event where it is (it fires early, and the burst, finding work left,
 * goes on to its new end), and only a speed-up that brings the end before it moves it, so a
 * core's changes cost events only where a burst's end moves earlier.
 *
 * <p>Priced instruction paths (lock code, system-call entry, the cycles of an atomic) are
 * shared too ({@link #priced}): a path runs at {@code threadSpeed(k)}, k counting itself and
 * the siblings that are in a compute burst or a priced path of their own when it starts, and
 * keeps that speed to its end. A path does not re-time a sibling's burst: paths last tens of
 * nanoseconds between misses, bursts microseconds, so what a path takes from a burst is left
 * out. Not modelled: the share of the core a spinning thread does take, and how the split
 * depends on what the threads execute.
 */
final class SmtShare {
  private final Kernel k;
  private final int[][] siblings;
  /** Per CPU: {@link Cluster#threadSpeed} of its cluster for 0 to all of its core's threads busy. */
  private final double[][] speedWith;
  /** Per CPU: whether its task is in a compute burst, and the speed the burst runs at. */
  private final boolean[] computing;
  private final double[] speed;
  /** Per CPU: the burst's work left (picoseconds alone on a core) as of {@code since}. */
  private final double[] workLeft;
  private final long[] since;
  /** Per CPU: when the priced path it ran last ends (it executes until then). */
  private final long[] pricedUntil;

  SmtShare(Kernel k, Machine machine) {
    this.k = k;
    int n = machine.cpuCount();
    siblings = new int[n][];
    speedWith = new double[n][];
    computing = new boolean[n];
    speed = new double[n];
    workLeft = new double[n];
    since = new long[n];
    pricedUntil = new long[n];
    List<Cluster> clusters = machine.model().topology().clusters();
    for (int c = 0; c < n; c++) {
      CpuSlot slot = machine.cpu(c).slot();
      Cluster cluster = clusters.get(slot.cluster());
      List<Integer> sib = new ArrayList<>();
      for (int o = 0; o < n; o++) {
        if (o != c && machine.cpu(o).slot().core() == slot.core()) {
          sib.add(o);
        }
      }
      siblings[c] = sib.stream().mapToInt(Integer::intValue).toArray();
      speedWith[c] = new double[siblings[c].length + 2];
      for (int busy = 0; busy < speedWith[c].length; busy++) {
        speedWith[c][busy] = cluster.threadSpeed(busy);
      }
    }
  }

  /**
   * A burst of {@code soloPs} (its length on a core of its own) starts on {@code cpu} at
   * {@code now}; returns how long it lasts at the speed its siblings leave it now.
   */
  long start(int cpu, long soloPs, long now) {
    if (siblings[cpu].length == 0) {
      return soloPs;
    }
    settleSiblings(cpu, now);
    computing[cpu] = true;
    workLeft[cpu] = soloPs;
    since[cpu] = now;
    speed[cpu] = speedWith[cpu][busy(cpu)];
    respeedSiblings(cpu, now);
    return wall(cpu);
  }

  /**
   * A priced instruction path of {@code soloPs} (its length on a core of its own) starts on
   * {@code cpu} at {@code now}; returns how long it lasts at the speed its siblings leave it:
   * those computing a burst or running a priced path at {@code now} share the core with it.
   */
  long priced(int cpu, long soloPs, long now) {
    int[] sib = siblings[cpu];
    if (sib.length == 0 || soloPs <= 0) {
      return soloPs;
    }
    int busy = 1;
    for (int s : sib) {
      if (computing[s] || pricedUntil[s] > now) {
        busy++;
      }
    }
    long ps = busy == 1 ? soloPs : Math.max(1, Round.of(soloPs / speedWith[cpu][busy]));
    pricedUntil[cpu] = now + ps;
    return ps;
  }

  /**
   * At what was scheduled as the end of {@code cpu}'s burst: how much longer it runs (0 when it
   * is done), because a sibling slowed it after its end was scheduled.
   */
  long moreAt(int cpu, long now) {
    if (!computing[cpu]) {
      return 0;
    }
    settle(cpu, now);
    return workLeft[cpu] < 0.5 ? 0 : Math.max(1, wall(cpu));
  }

  /** A tick took {@code ps} of {@code cpu}'s burst at {@code now}: no work is done meanwhile. */
  void pause(int cpu, long now, long ps) {
    if (computing[cpu]) {
      settle(cpu, now);
      since[cpu] = Math.max(since[cpu], now) + ps;
    }
  }

  /** {@code cpu}'s burst ended, or was cut, at {@code now}. */
  void stop(int cpu, long now) {
    if (computing[cpu]) {
      settleSiblings(cpu, now);
      computing[cpu] = false;
      respeedSiblings(cpu, now);
    }
  }

  /** The work left of {@code cpu}'s burst at {@code now}, in picoseconds alone on a core. */
  long soloLeft(int cpu, long now, long wallLeft) {
    if (!computing[cpu]) {
      return wallLeft;
    }
    settle(cpu, now);
    return Math.max(1, Round.of(workLeft[cpu]));
  }

  private long wall(int cpu) {
    return Round.of(workLeft[cpu] / speed[cpu]);
  }

  /** Brings {@code cpu}'s work left up to {@code now} at its current speed. */
  private void settle(int cpu, long now) {
    if (now > since[cpu]) {
      workLeft[cpu] = Math.max(0, workLeft[cpu] - (now - since[cpu]) * speed[cpu]);
      since[cpu] = now;
    }
  }

  private void settleSiblings(int cpu, long now) {
    for (int s : siblings[cpu]) {
      if (computing[s]) {
        settle(s, now);
      }
    }
  }

  /** Whether another thread of {@code cpu}'s core has a task (is not halted in its idle loop). */
  boolean siblingActive(int cpu) {
    for (int s : siblings[cpu]) {
      if (k.sched.current(s) != null) {
        return true;
      }
    }
    return false;
  }

  private int busy(int cpu) {
    int b = computing[cpu] ? 1 : 0;
    for (int s : siblings[cpu]) {
      if (computing[s]) {
        b++;
      }
    }
    return b;
  }

  /**
   * The siblings of {@code cpu} go on at the speed the core leaves them now; a burst whose end
   * comes earlier than its scheduled end step has that step moved.
   */
  private void respeedSiblings(int cpu, long now) {
    for (int s : siblings[cpu]) {
      if (!computing[s]) {
        continue;
      }
      speed[s] = speedWith[s][busy(s)];
      Task t = k.sched.current(s);
      if (t == null || t.computeEnd <= now) {
        continue;
      }
      long end = Math.max(since[s], now) + Math.max(1, wall(s));
      if (end < t.computeEnd) {
        t.computeEnd = end;
        k.loop.bump(s);
        k.loop.scheduleStep(s, end);
      }
    }
  }
}
