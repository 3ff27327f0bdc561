package org.locksim.workload;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The write delays of locktorture's lock types, as kernel/locking/locktorture.c of Linux v5.12
 * has them (its {@code torture_type} module parameter names the type). Each delay runs with
 * the lock held, as a busy wait ({@code udelay}, {@code mdelay}); its probabilities are
 * {@code torture_random(trsp) % m == 0} tests whose modulus grows with the number of writers
 * ({@code cxt.nrealwriters_stress}), so that the lock sees about the same rate of long holds
 * however many writers share it. The reader-writer types ({@code rw_lock}, {@code rwsem_lock})
 * have read delays too, for locktorture's reader threads, whose probabilities grow with the
 * number of readers ({@code cxt.nrealreaders_stress}) in the same way.
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
   * {@code spin_lock_irq}: {@code spin_lock}'s delays, with the lock taken by
   * {@code spin_lock_irqsave} and let go by {@code spin_unlock_irqrestore}; the saved flags go
   * to {@code cxt.cur_ops->flags}, a field of the type's ops structure that every holder writes
   * ({@link #irqsave()}).
   */
  SPIN_LOCK_IRQ("spin_lock_irq", 2, 100, 3) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      return SPIN_LOCK.writeDelayPs(r, writers, shortUs, longMs);
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
  },
  /**
   * {@code rw_lock} ({@code torture_rwlock_write_delay} and {@code torture_rwlock_read_delay}):
   * a writer holds it {@code longdelay_ms} (100 ms) with probability
   * {@code 1 / (n * 2000 * longdelay_ms)}, else {@code shortdelay_us} (2 us); a reader, with
   * {@code r} readers, {@code longdelay_ms} with probability {@code 1 / (r * 2000 * longdelay_ms)},
   * else its own short delay of 10 us. One draw each, no preemption draw.
   */
  RW_LOCK("rw_lock", 2, 100, 1) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      return oneIn(r, writers * 2000.0 * longMs) ? Math.round(longMs * 1e9) : Math.round(shortUs * 1e6);
    }

    @Override
    long readDelayPs(SplittableRandom r, int readers, double longMs) {
      return oneIn(r, readers * 2000.0 * longMs) ? Math.round(longMs * 1e9) : Math.round(RW_READ_SHORT_US * 1e6);
    }
  },
  /**
   * {@code rw_lock_irq}: {@code rw_lock}'s delays, with {@code write_lock_irqsave} and
   * {@code read_lock_irqsave}; writers and readers alike store the saved flags in
   * {@code cxt.cur_ops->flags}, readers while other readers hold the lock too.
   */
  RW_LOCK_IRQ("rw_lock_irq", 2, 100, 1) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      return RW_LOCK.writeDelayPs(r, writers, shortUs, longMs);
    }

    @Override
    long readDelayPs(SplittableRandom r, int readers, double longMs) {
      return RW_LOCK.readDelayPs(r, readers, longMs);
    }
  },
  /**
   * {@code rwsem_lock} ({@code torture_rwsem_write_delay}, {@code torture_rwsem_read_delay}): a
   * writer holds it {@code 10 * longdelay_ms} (1 s) with probability
   * {@code 1 / (n * 2000 * longdelay_ms)}, else {@code longdelay_ms / 10} (10 ms); a reader
   * {@code 2 * longdelay_ms} (200 ms) with probability {@code 1 / (r * 2000 * longdelay_ms)},
   * else {@code longdelay_ms / 2} (50 ms); each then makes the preemption draw
   * ({@code 1 / (n * 20000)}, {@code 1 / (r * 20000)}), whose {@code torture_preempt_schedule()}
   * is not modelled.
   */
  RWSEM_LOCK("rwsem_lock", 0, 100, 2) {
    @Override
    long writeDelayPs(SplittableRandom r, int writers, double shortUs, double longMs) {
      long ps = oneIn(r, writers * 2000.0 * longMs) ? Math.round(longMs * 10 * 1e9) : Math.round(longMs / 10 * 1e9);
      oneIn(r, writers * 20000.0);
      return ps;
    }

    @Override
    long readDelayPs(SplittableRandom r, int readers, double longMs) {
      long ps = oneIn(r, readers * 2000.0 * longMs) ? Math.round(longMs * 2 * 1e9) : Math.round(longMs / 2 * 1e9);
      oneIn(r, readers * 20000.0);
      return ps;
    }
  };

  /** {@code torture_rwlock_read_delay}'s own {@code shortdelay_us}. */
  static final double RW_READ_SHORT_US = 10;

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

  /**
   * How long a reader holds the lock in this acquisition ({@code cur_ops->read_delay}), in
   * picoseconds, with {@code readers} reader threads and the long delay given; only for
   * {@link #readerWriter()} types.
   */
  long readDelayPs(SplittableRandom r, int readers, double longMs) {
    throw new IllegalStateException(kernelName + " has no readers");
  }

  /** Whether the type has a read side ({@code cur_ops->readlock}): reader threads may run. */
  public boolean readerWriter() {
    return this == RW_LOCK || this == RW_LOCK_IRQ || this == RWSEM_LOCK;
  }

  /**
   * Whether the type takes its lock with interrupts saved and disabled ({@code _irqsave}) and
   * keeps the flags in {@code cxt.cur_ops->flags} until the unlock restores them.
   */
  public boolean irqsave() {
    return this == SPIN_LOCK_IRQ || this == RW_LOCK_IRQ;
  }

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

  /** The {@code torture_random} draws (each with its modulo) one write or read delay makes. */
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

  /** The kernel names of the types with reader threads, in order. */
  public static List<String> readerWriterNames() {
    return java.util.Arrays.stream(values()).filter(TortureType::readerWriter).map(TortureType::kernelName).toList();
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
