package org.locksim.workload;

import java.util.SplittableRandom;
import org.locksim.machine.CacheLine;
import org.locksim.sched.Kernel;

/**
 * One task's way through a critical section: its work in equal bursts with its memory
 * accesses between them. The accesses are the lock-line updates of a take ({@code lineUpdates}:
 * a load of the word beside the lock, then a store of it), then each touch's loads and stores
 * ({@link Work.Touch}), each a load or store of a line through the kernel's memory operations,
 * which the machine's coherence model prices: a load of a line another CPU wrote waits for its
 * transfer, a store is posted. With {@code n} accesses the work is cut in {@code n + 1} bursts,
 * the first before any access.
 *
 * <p>An out-of-order core does not stop at a touch's load that misses: it runs on through the
 * work and the loads after it, up to its reorder window ({@link Kernel#reorderWindow}: the
 * thread's share while an SMT sibling is active, taken when the section begins; in
 * instructions, turned into work time at the section's instructions per cycle), and waits
 * for the data only when the oldest load still missing is that far behind, so that misses of
 * independent lines overlap one another and the work between them (memory-level parallelism:
 * Glew, "MLP yes! ILP no!", ASPLOS 1998; Chou, Fahs and Abraham, ISCA 2004). A touch marked
 * {@link Work.Touch#chained} finds its line through the lines before it (a list walk), so its
 * first load waits for their data. The section ends when all its loads have their data: its
 * release is a store, which x86-TSO and a store-release both order after the loads before it.
 * A core whose window is 0 waits at each load, one miss after another.
 *
 * <p>A routine calls {@link #begin} and then {@link #step} once per step, moving on to the same
 * step while it returns true; when it returns false the section is over and nothing was issued.
 */
final class Section {
  /** Issues a compute burst of the workload's instruction mix; nothing when {@code ps} is 0. */
  interface Burst {
    void run(Kernel k, long ps);
  }

  /**
   * A section's resolved accesses.
   *
   * @param work the work
   * @param line the line of each touch access, in order
   * @param write whether each is a store (else a load)
   * @param chained whether each is the first load of a chained touch, which waits for the data
   *     of the loads before it
   */
  record Plan(Work work, CacheLine[] line, boolean[] write, boolean[] chained) {
    /** A plan of {@code w}, which touches nothing. */
    static Plan of(Work w) {
      if (!w.touches().isEmpty()) {
        throw new IllegalArgumentException("work with touches needs the run's shared lines");
      }
      return new Plan(w, new CacheLine[0], new boolean[0], new boolean[0]);
    }

    /**
     * This plan with its stores left out: what a reader does under a reader-writer lock, which
     * reads the data it protects and writes none of it. The work stays the same.
     */
    Plan loadsOnly() {
      int n = 0;
      for (boolean w : write) {
        n += w ? 0 : 1;
      }
      CacheLine[] l = new CacheLine[n];
      boolean[] c = new boolean[n];
      for (int i = 0, j = 0; i < line.length; i++) {
        if (!write[i]) {
          l[j] = line[i];
          c[j++] = chained[i];
        }
      }
      return new Plan(work, l, new boolean[n], c);
    }
  }

  private static final int BURST = 0;
  private static final int ACCESS = 1;
  private static final int STORE_UPDATE = 2;
  /** The load issued ahead has been performed: its arrival is to be noted. */
  private static final int NOTE_ARRIVAL = 3;
  /** The section's last wait for data has been issued. */
  private static final int DONE = 4;

  private final double instructionsPerCycle;
  private Plan plan;
  private CacheLine updateLine;
  private int updateWord;
  private int updates;
  private int next;
  private long piece;
  private int phase;
  /** Work of the current burst still to run, in picoseconds. */
  private long left;
  /** The work the core runs past a missing load, in picoseconds of this section's work. */
  private long reachPs;
  /** Work run so far in this section. */
  private long workDone;
  /** Loads issued ahead, oldest first: their lines, when their data arrives, the work done at issue. */
  private final MissesInFlight misses = new MissesInFlight();

  /** @param instructionsPerCycle what the section's work retires per cycle (sizes the window) */
  Section(double instructionsPerCycle) {
    this.instructionsPerCycle = instructionsPerCycle;
  }

  /**
   * Starts {@code p}, with {@code lineUpdates} updates of word {@code w} of {@code l} before the
   * touches (none when {@code l} is null).
   */
  void begin(Plan p, SplittableRandom r, Kernel k, CacheLine l, int w, int lineUpdates) {
    plan = p;
    updateLine = l;
    updateWord = w;
    updates = l == null ? 0 : lineUpdates;
    next = 0;
    piece = p.work().samplePs(r, k.cpu()) / (updates + p.line().length + 1);
    phase = BURST;
    left = piece;
    workDone = 0;
    misses.clear();
    int window = k.reorderWindow();
    reachPs = window == 0 ? 0 : k.cpu().cyclesToPs(window / instructionsPerCycle);
  }

  /** Issues the section's next action; false when it is over. */
  boolean step(Kernel k, Burst burst) {
    while (true) {
      switch (phase) {
        case BURST -> {
          if (left == 0) {
            phase = ACCESS;
            continue;
          }
          misses.dropArrived(k.now());
          long run = left;
          if (!misses.isEmpty()) {
            long allowed = misses.oldestWork() + reachPs - workDone;
            if (allowed <= 0) {
              // The reorder buffer is full behind the oldest load still missing.
              k.awaitData(misses.oldestLine(), misses.oldestArrival());
              misses.dropOldest();
              return true;
            }
            run = Math.min(run, allowed);
          }
          burst.run(k, run);
          left -= run;
          workDone += run;
          return true;
        }
        case STORE_UPDATE -> {
          k.store(updateLine, updateWord, k.result() + 1);
          startBurst();
          return true;
        }
        case NOTE_ARRIVAL -> {
          misses.add(plan.line()[next - 1], k.dataArrival(), workDone);
          startBurst();
        }
        case DONE -> {
          return false;
        }
        default -> {
          return access(k);
        }
      }
    }
  }

  /** The next access, or the section's end; see {@link #step}. */
  private boolean access(Kernel k) {
    if (updates > 0) {
      updates--;
      k.load(updateLine, updateWord);
      phase = STORE_UPDATE;
      return true;
    }
    misses.dropArrived(k.now());
    if (next == plan.line().length) {
      if (misses.isEmpty()) {
        return false;
      }
      // The release is ordered after the section's loads: wait for the last data.
      awaitLatest(k);
      phase = DONE;
      return true;
    }
    if (plan.chained()[next] && !misses.isEmpty()) {
      // The line's address is in the data still on its way.
      awaitLatest(k);
      misses.clear();
      return true;
    }
    CacheLine l = plan.line()[next];
    next++;
    if (plan.write()[next - 1]) {
      k.store(l, 0, l.peek(0) + 1);
      startBurst();
    } else if (reachPs == 0) {
      k.load(l, 0);
      startBurst();
    } else {
      k.loadAhead(l, 0);
      phase = NOTE_ARRIVAL;
    }
    return true;
  }

  /** Waits for the data of the load still missing that comes last. */
  private void awaitLatest(Kernel k) {
    int last = misses.latest();
    k.awaitData(misses.line(last), misses.arrival(last));
  }

  private void startBurst() {
    phase = BURST;
    left = piece;
  }
}
