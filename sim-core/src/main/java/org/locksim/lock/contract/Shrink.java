package org.locksim.lock.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * The smallest run that still breaks a promise: fewer CPUs first, then fewer tasks, then a
 * shorter run, with the same seed, workload and parameters. What a researcher wants to read in
 * a trace is the 2-CPU, 0.1 ms run that shows a double holder, not the 144-CPU one.
 */
public final class Shrink {
  private static final int[] CPUS = {1, 2, 4, 8, 16, 32, 64, 144};
  private static final long[] RUN_PS = {ContractRig.MS / 10, ContractRig.MS / 3, ContractRig.MS,
      3 * ContractRig.MS, 12 * ContractRig.MS, 30 * ContractRig.MS};
  /** Bounds the search: the large candidates are the slow ones, and come last. */
  private static final int MAX_RUNS = 24;

  private Shrink() { }

  /**
   * The smallest run, no larger than {@code f}'s, that breaks the same promise: {@code f}
   * itself when no smaller one does within the search's bounds.
   */
  public static Failure smallest(Failure f) {
    int runs = 0;
    for (ContractSetup s : candidates(f.check(), f.property())) {
      if (runs++ == MAX_RUNS) {
        break;
      }
      for (Failure g : LockContract.run(f.check().withSetup(s))) {
        if (g.property() == f.property()) {
          return g;
        }
      }
    }
    return f;
  }

  /**
   * Set-ups smaller than {@code c}'s, smallest first, keeping tasks per CPU at one or two, and
   * no smaller than the promise needs: readers together need 16 CPUs (with fewer, at most one
   * reader runs on another CPU), contention needs two.
   */
  static List<ContractSetup> candidates(Check c, Property p) {
    ContractSetup s = c.setup();
    int least = c.workload() == Check.Workload.READERS_AND_WRITERS ? 16
        : p == Property.CONTENTION_REPORTED ? 2 : 1;
    int perCpu = s.tasks() / s.cpus();
    List<ContractSetup> out = new ArrayList<>();
    for (int cpus : CPUS) {
      if (cpus > s.cpus()) {
        break;
      }
      if (cpus < least) {
        continue;
      }
      for (int per = Math.max(1, s.twoOnOneLine() ? 2 : 1); per <= Math.max(1, perCpu); per++) {
        for (long ps : runLengths(p, per, cpus)) {
          if (ps > s.runPs() || (cpus == s.cpus() && per == perCpu && ps == s.runPs())) {
            continue;
          }
          out.add(s.resized(cpus, cpus * per, ps));
        }
      }
    }
    return out;
  }

  /**
   * The run lengths to try. With two tasks per CPU a task may wait a scheduler slice or two
   * before it first runs (CFS's start debit and slices: with the contract's 20 ms latency, a
   * CPU's second task can wait 10 ms to start), so only the check's own window can show that
   * one never gets the lock: a 0.1 ms run on one CPU, in which the second task never runs at
   * all, shows nothing about the lock.
   */
  private static long[] runLengths(Property p, int per, int cpus) {
    if (p == Property.PROGRESS && per > 1) {
      return new long[] {LockContract.oversubscribedRunPs(cpus)};
    }
    return RUN_PS;
  }
}
