package org.locksim.run;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.stream.LongStream;
import org.locksim.metrics.LockStats;

/**
 * How evenly a run's tasks got their locks, from each task's acquisitions over the measurement
 * window ({@link TaskCounts}, all groups together): the two measures lock papers report; and
 * how often the locks stayed on a socket when they changed hands.
 */
public final class Fairness {
  private Fairness() { }

  /**
   * Jain's fairness index, (sum x)^2 / (n sum x^2): 1 when every task got the lock as often,
   * 1/n when one task got it all (Jain, Chiu and Hawe, "A Quantitative Measure of Fairness and
   * Discrimination for Resource Allocation in Shared Computer Systems", DEC-TR-301, 1984). NaN
   * for a run without counted tasks or acquisitions.
   */
  public static double jain(List<TaskCounts> groups) {
    long[] x = all(groups);
    double sum = 0;
    double squares = 0;
    for (long v : x) {
      sum += v;
      squares += (double) v * v;
    }
    return squares == 0 ? Double.NaN : sum * sum / (x.length * squares);
  }

  /**
   * The fairness factor of Dice and Kogan ("Compact NUMA-aware Locks", EuroSys 2019, and their
   * later lock papers): the share of all acquisitions made by the half of the tasks that made the
   * most; 0.5 when every task got the lock as often, near 1 when half of them starved. With an
   * odd number of tasks the middle one counts half. NaN for a run without counted acquisitions.
   */
  public static double topHalfShare(List<TaskCounts> groups) {
    long[] x = all(groups);
    long total = LongStream.of(x).sum();
    if (total == 0) {
      return Double.NaN;
    }
    Arrays.sort(x);
    double top = 0;
    int n = x.length;
    for (int i = n - 1; i >= n - n / 2; i--) {
      top += x[i];
    }
    if (n % 2 == 1) {
      top += x[n / 2] / 2.0;
    }
    return top / total;
  }

  /**
   * The share of the contended hand-offs of all the run's locks that stayed on the releaser's
   * socket (lock_stat's handoff-same over handoff-same plus handoff-other): what NUMA-aware
   * locks are built to raise, the complement of the lock migrations their papers count. NaN
   * when no lock was handed from one task to a waiting one.
   */
  public static double sameSocketShare(List<LockStats> locks) {
    return shareOfHandOffs(locks, LockStats::handOffsSameSocket);
  }

  /**
   * The share of the contended hand-offs of all the run's locks that went to a waiter on the
   * releaser's own core, its SMT sibling (lock_stat's handoff-core over handoff-same plus
   * handoff-other): hand-offs through the caches the two threads share, the cheapest a machine
   * has. NaN when no lock was handed from one task to a waiting one.
   */
  public static double sameCoreShare(List<LockStats> locks) {
    return shareOfHandOffs(locks, LockStats::handOffsSameCore);
  }

  /**
   * The share of the run's lock holds that were for reading (lock_stat's read side over both
   * sides, every lock counted): how a reader-writer lock divides itself between its readers and
   * its writers, which rwsem and rwlock papers report as reader and writer throughput. 0 for a
   * run whose locks were only taken exclusively; NaN when no hold ended in the window.
   */
  public static double readShare(List<LockStats> locks) {
    long reads = 0;
    long all = 0;
    for (LockStats l : locks) {
      reads += l.side(true).holds();
      all += l.acquisitions();
    }
    return all == 0 ? Double.NaN : reads / (double) all;
  }

  /** {@code part} of all the locks' contended hand-offs, over all of them; NaN when there are none. */
  private static double shareOfHandOffs(List<LockStats> locks, ToLongFunction<LockStats> part) {
    long some = 0;
    long all = 0;
    for (LockStats l : locks) {
      some += part.applyAsLong(l);
      all += l.handOffsSameSocket() + l.handOffsOtherSocket();
    }
    return all == 0 ? Double.NaN : some / (double) all;
  }

  private static long[] all(List<TaskCounts> groups) {
    return groups.stream().flatMapToLong(g -> LongStream.of(g.acquired())).toArray();
  }
}
