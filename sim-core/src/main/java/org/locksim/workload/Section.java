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
   */
  record Plan(Work work, CacheLine[] line, boolean[] write) {
    /** A plan of {@code w}, which touches nothing. */
    static Plan of(Work w) {
      if (!w.touches().isEmpty()) {
        throw new IllegalArgumentException("work with touches needs the run's shared lines");
      }
      return new Plan(w, new CacheLine[0], new boolean[0]);
    }
  }

  private static final int BURST = 0;
  private static final int ACCESS = 1;
  private static final int STORE_UPDATE = 2;

  private Plan plan;
  private CacheLine updateLine;
  private int updateWord;
  private int updates;
  private int next;
  private long piece;
  private int phase;

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
  }

  /** Issues the section's next action; false when it is over. */
  boolean step(Kernel k, Burst burst) {
    switch (phase) {
      case BURST -> {
        burst.run(k, piece);
        phase = ACCESS;
        return true;
      }
      case STORE_UPDATE -> {
        k.store(updateLine, updateWord, k.result() + 1);
        phase = BURST;
        return true;
      }
      default -> {
        if (updates > 0) {
          updates--;
          k.load(updateLine, updateWord);
          phase = STORE_UPDATE;
          return true;
        }
        if (next == plan.line().length) {
          return false;
        }
        CacheLine l = plan.line()[next];
        if (plan.write()[next]) {
          k.store(l, 0, l.peek(0) + 1);
        } else {
          k.load(l, 0);
        }
        next++;
        phase = BURST;
        return true;
      }
    }
  }
}
