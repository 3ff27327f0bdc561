package org.locksim.sched;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CpuSlot;
import org.locksim.machine.Machine;

/**
 * The hardware threads of one core sharing its execution units: while k of a core's threads
 * are in compute bursts, each runs at {@link Cluster#threadSpeed}(k) of its speed alone (with
 * two threads and an {@code smtThroughput} of 1.25, at 0.625). A thread that spins in a pause
 * loop, waits for a line, sleeps or idles takes nothing from its siblings: {@code pause} exists
 * to give the core to the other thread (Intel's optimization manual), and a load that misses
 * leaves the core to it, which is what SMT is for (Marr et al., "Hyper-Threading Technology
 * Architecture and Microarchitecture", Intel Technology Journal 6(1), 2002). When a sibling
 * starts or ends a burst, the bursts under way on the core are re-timed: the work they have
 * left is kept, and it now runs at the new speed. Not modelled: the share of the core a
 * spinning thread does take, and how the split depends on what the threads execute.
 */
final class SmtShare {
  private final Kernel k;
  private final int[][] siblings;
  private final Cluster[] cluster;
  /** Per CPU: whether its task is in a compute burst, and the speed the burst runs at. */
  private final boolean[] computing;
  private final double[] speed;

  SmtShare(Kernel k, Machine machine) {
    this.k = k;
    int n = machine.cpuCount();
    siblings = new int[n][];
    cluster = new Cluster[n];
    computing = new boolean[n];
    speed = new double[n];
    List<Cluster> clusters = machine.model().topology().clusters();
    for (int c = 0; c < n; c++) {
      CpuSlot slot = machine.cpu(c).slot();
      cluster[c] = clusters.get(slot.cluster());
      List<Integer> sib = new ArrayList<>();
      for (int o = 0; o < n; o++) {
        if (o != c && machine.cpu(o).slot().core() == slot.core()) {
          sib.add(o);
        }
      }
      siblings[c] = sib.stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /**
   * A burst of {@code soloPs} (its length on a core of its own) starts on {@code cpu} at
   * {@code now}; returns how long it lasts at the speed its siblings leave it.
   */
  long start(int cpu, long soloPs, long now) {
    if (siblings[cpu].length == 0) {
      return soloPs;
    }
    computing[cpu] = true;
    speed[cpu] = cluster[cpu].threadSpeed(busy(cpu));
    retimeSiblings(cpu, now);
    return Math.round(soloPs / speed[cpu]);
  }

  /** {@code cpu}'s burst ended, or was cut, at {@code now}. */
  void stop(int cpu, long now) {
    if (computing[cpu]) {
      computing[cpu] = false;
      retimeSiblings(cpu, now);
    }
  }

  /** The solo length of {@code wallPs} of {@code cpu}'s burst under way. */
  long soloPs(int cpu, long wallPs) {
    return computing[cpu] ? Math.round(wallPs * speed[cpu]) : wallPs;
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

  private void retimeSiblings(int cpu, long now) {
    for (int s : siblings[cpu]) {
      if (!computing[s]) {
        continue;
      }
      double v = cluster[s].threadSpeed(busy(s));
      Task t = k.sched.current(s);
      if (v == speed[s] || t == null || t.computeEnd <= now) {
        speed[s] = v;
        continue;
      }
      long left = Math.round((t.computeEnd - now) * speed[s] / v);
      speed[s] = v;
      t.computeEnd = now + Math.max(1, left);
      k.loop.bump(s);
      k.loop.scheduleStep(s, t.computeEnd);
    }
  }
}
