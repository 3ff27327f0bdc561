package org.locksim.scenario;

import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.LockTorture;
import org.locksim.workload.TortureType;

/**
 * Reads a {@code locktorture} workload: {@code {"type": "locktorture", "lock": "l",
 * "torture": "spin_lock", "writers": 8}} with optional {@code readers} (for {@code rw_lock} and
 * {@code rwsem_lock}, whose lock must be a reader-writer algorithm: as many as the writers by
 * default, as the kernel's {@code nreaders_stress} default splits its threads evenly; none for
 * the exclusive types), {@code shortDelayUs} and {@code longDelayMs} (the type's own by default),
 * {@code stutterJiffies} (5), {@code drawCycles} (40) and {@code globals} ({@code own-line} or
 * {@code lock-line}: where the module's globals lie).
 */
final class LockTortureReader {
  /**
   * Cycles of one {@code torture_random()} draw with the modulo its callers take: estimate, a
   * 64-bit {@code div} of a 32-bit value (Agner Fog's instruction tables: 32 to 96 cycles of
   * latency on Haswell, the short end for small dividends) and about six cycles of the
   * generator's multiply, add and halfword swap.
   */
  static final double DRAW_CYCLES = 40;

  private LockTortureReader() { }

  static LockTorture read(ObjectReader r, String lock, LockTraits traits) {
    String typeName = r.optionalEnum("torture", TortureType.SPIN_LOCK.kernelName(), TortureType.kernelNames());
    TortureType type = TortureType.byKernelName(typeName);
    int writers = r.requiredInt("writers", 1, 100_000);
    int readers = r.optionalInt("readers", type.readerWriter() ? writers : 0, 0, 100_000);
    if (readers > 0 && !type.readerWriter()) {
      throw r.errorAt("readers", "no readers: " + type.kernelName() + " tortures an exclusive lock"
          + " (locktorture's reader threads need a reader-writer type: "
          + String.join(", ", TortureType.readerWriterNames()) + ")");
    }
    if (type.readerWriter() && !traits.readerWriter(lock)) {
      throw r.errorAt("torture", type.kernelName() + " takes its lock for reading, but lock " + lock
          + " is exclusive (a reader-writer algorithm such as rw.qrwlock or rw.rwsem, or an exclusive"
          + " type such as " + TortureType.SPIN_LOCK.kernelName() + ")");
    }
    double shortUs = r.optionalDouble("shortDelayUs", type.shortDelayUs(), 0, 1e6);
    double longMs = r.optionalDouble("longDelayMs", type.longDelayMs(), 0, 1e5);
    int stutter = r.optionalInt("stutterJiffies", 5, 0, 100_000);
    double draw = r.optionalDouble("drawCycles", DRAW_CYCLES, 0, 1e6);
    boolean beside = r.optionalEnum("globals", "own-line", java.util.List.of("own-line", "lock-line"))
        .equals("lock-line");
    return new LockTorture(type, lock, writers, readers, shortUs, longMs, stutter, draw, beside);
  }
}
