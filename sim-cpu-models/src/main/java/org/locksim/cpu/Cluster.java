package org.locksim.cpu;

import java.util.Objects;

/**
 * A group of identical cores in one socket that share a cache and run at one frequency: the
 * whole socket on most x86 parts, the performance or efficiency cluster on Apple M-series.
 *
 * @param name what the cluster is called ({@code "P"}, {@code "E"}, {@code "core"})
 * @param cores cores in the cluster, per socket
 * @param threadsPerCore SMT threads per core
 * @param frequencyMHz clock frequency
 * @param smtThroughput what a core does per second with all its threads computing, relative
 *     to one thread alone (1.25: each of two threads at 0.625 of its solo speed); 1 without SMT
 * @param reorderWindow instructions a core keeps in flight past the oldest one not yet done
 *     (its reorder buffer's entries): how far it runs on past a load that misses before it must
 *     wait for the data, so that misses of independent lines overlap; 0 for a core that waits
 *     at each miss
 * @param reorderWindowShared the window each thread keeps while another thread of its core is
 *     active (running anything, spinning included; a halted, idle thread leaves its share):
 *     half of it where two threads partition the reorder buffer (Intel's Hyper-Threading, AMD's
 *     SMT), all of it where each thread has its own (a Bulldozer module's integer cores); the
 *     whole window for one thread per core
 */
public record Cluster(String name, int cores, int threadsPerCore, Sourced frequencyMHz, Sourced smtThroughput,
    Sourced reorderWindow, Sourced reorderWindowShared) {
  /** No SMT sharing to describe: one thread per core. */
  public static final Sourced NO_SMT = new Sourced(1, "one thread per core: nothing is shared");
  /** No reorder window given: the core waits at each miss, and misses come one after another. */
  public static final Sourced IN_ORDER = new Sourced(0,
      "not given: the core waits for each miss's data before it goes on");

  public Cluster {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(frequencyMHz, "frequencyMHz");
    Objects.requireNonNull(smtThroughput, "smtThroughput");
    Objects.requireNonNull(reorderWindow, "reorderWindow");
    Objects.requireNonNull(reorderWindowShared, "reorderWindowShared");
    if (reorderWindow.value() < 0) {
      throw new IllegalArgumentException("a reorder window holds zero or more instructions");
    }
    if (reorderWindowShared.value() > reorderWindow.value()) {
      throw new IllegalArgumentException("a thread's window with its siblings active is at most its"
          + " window alone");
    }
    if (cores < 1 || threadsPerCore < 1) {
      throw new IllegalArgumentException("a cluster needs at least one core and one thread");
    }
    if (smtThroughput.value() < 1 || smtThroughput.value() > threadsPerCore) {
      throw new IllegalArgumentException("a core's throughput with all its threads busy is from 1 to "
          + threadsPerCore + " times one thread's");
    }
    if (frequencyMHz.value() <= 0) {
      throw new IllegalArgumentException("a cluster's frequency must be positive");
    }
  }

  /** A cluster whose cores have one thread each, running {@code reorderWindow} instructions ahead. */
  public Cluster(String name, int cores, Sourced frequencyMHz, Sourced reorderWindow) {
    this(name, cores, 1, frequencyMHz, NO_SMT, reorderWindow, reorderWindow);
  }

  /**
   * What a model that gives no {@code reorderWindowShared} gets: the window split evenly among
   * the core's threads, as Hyper-Threading and AMD's SMT partition their reorder buffers; the
   * whole window for one thread per core.
   */
  public static Sourced evenShare(Sourced reorderWindow, int threadsPerCore) {
    if (threadsPerCore == 1) {
      return reorderWindow;
    }
    return new Sourced(Math.floor(reorderWindow.value() / threadsPerCore),
        "not given: the window split evenly among the core's " + threadsPerCore + " threads");
  }

  /**
   * The speed of each of {@code busy} threads of one core computing together, relative to one
   * thread alone: the core's throughput, rising in a straight line from 1 (one thread) to
   * {@code smtThroughput} (all threads), shared among them.
   */
  public double threadSpeed(int busy) {
    if (busy <= 1 || threadsPerCore == 1) {
      return 1;
    }
    double throughput = 1 + (smtThroughput.value() - 1) * (busy - 1) / (threadsPerCore - 1);
    return throughput / busy;
  }

  /** Logical CPUs in this cluster, per socket. */
  public int cpus() {
    return cores * threadsPerCore;
  }
}
