package org.locksim.workload;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The write delays of locktorture's lock types, as kernel/locking/locktorture.c of Linux v5.12
 * has them (its {@code torture_type} module parameter names the type). Each delay runs with
 * the lock held, as a busy wait ({@code udelay}, {@code mdelay}); its probabilities are
 * {@code torture_random(trsp) % m == 0} tests whose modulus grows with the number of writers
 * ({@code cxt.nrealwriters_stress}), so that the lock sees about the same rate of long holds
 * however many writers share it. Only exclusive lock types are here: the reader-writer types
 * ({@code rw_lock}, {@code rwsem_lock}) need a read side, which no lock algorithm has yet.
 */
public enum TortureType {
  /**
   * {@code spin_lock} ({@code torture_spin_lock_write_delay}): with {@code n} writers, a long
   * delay of {@code longdelay_ms} (100) with probability {@code 1 / (n * 2000 * longdelay_ms)},
   * then, independently, a short delay of {@code shortdelay_us} (2) with probability
   * {@code 1 / (n * 2 * shortdelay_us)}, then a third draw that may call
   * {@code torture_preempt_schedule()}, which does nothing with a spin lock held.
   */
  SPIN_LOCK("spin_lock", 2, 100, 3) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      long ps = 0;
      if (oneIn(r, writers * 2000.0 * longMs)) {
        ps += Math.round(longMs * 1e9);
      }
      if (oneIn(r, writers * 2.0 * shortUs)) {
        ps += Math.round(shortUs * 1e6);
      }
      // torture_preempt_schedule(): the draw is made; preemption is off under a spin lock.
      oneIn(r, writers * 20000.0);
      return ps;
    }
  },
  /**
   * {@code mutex_lock} ({@code torture_mutex_delay}): with probability
   * {@code 1 / (n * 2000 * longdelay_ms)} a delay of {@code 5 * longdelay_ms} (500 ms), else
   * one of {@code longdelay_ms / 5} (20 ms); then the preemption draw. The short delay is not
   * used.
   */
  MUTEX_LOCK("mutex_lock", 0, 100, 2) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      long ps = oneIn(r, writers * 2000.0 * longMs)
          ? Math.round(longMs * 5 * 1e9) : Math.round(longMs / 5 * 1e9);
      oneIn(r, writers * 20000.0);
      return ps;
    }
  };

  private final String kernelName;
  private final double shortDelayUs;
  private final double longDelayMs;
  private final int draws;

  TortureType(String kernelName, double shortDelayUs, double longDelayMs, int draws) {
    this.kernelName = kernelName;
    this.shortDelayUs = shortDelayUs;
    this.longDelayMs = longDelayMs;
    this.draws = draws;
  }

  /**
   * How long the writer holds the lock in this acquisition ({@code cur_ops->write_delay}), in
   * picoseconds, with the short and long delays given.
   */
  abstract long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs);

  /** The module parameter's value: {@code spin_lock}, {@code mutex_lock}. */
  public String kernelName() {
    return kernelName;
  }

  /** The source's {@code shortdelay_us}; 0 when the type has no short delay. */
  public double shortDelayUs() {
    return shortDelayUs;
  }

  /** The source's {@code longdelay_ms}. */
  public double longDelayMs() {
    return longDelayMs;
  }

  /** The {@code torture_random} draws (each with its modulo) one write delay makes. */
  public int draws() {
    return draws;
  }

  /** The type called {@code name} in the kernel, or null. */
  public static TortureType byKernelName(String name) {
    for (TortureType t : values()) {
      if (t.kernelName.equals(name)) {
        return t;
      }
    }
    return null;
  }

  /** Every kernel name, in order. */
  public static List<String> kernelNames() {
    return java.util.Arrays.stream(values()).map(TortureType::kernelName).toList();
  }

  /**
   * {@code torture_random(trsp) % m == 0}: the generator's 32-bit outputs are close enough to
   * uniform that this holds with probability {@code 1 / m}.
   */
  static boolean oneIn(SplittableRandom r, double m) {
    long mod = Math.max(1, Math.round(m));
    return r.nextLong(mod) == 0;
  }
}
