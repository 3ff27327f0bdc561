package org.locksim.workload;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.locksim.machine.Cpu;

/**
 * Work a CPU does: an amount drawn from a distribution, either of time (nanoseconds, which do
 * not port: a time measured or fitted on one machine is that machine's) or of cycles, priced at
 * the running CPU's own clock, so that one description serves every machine; and, for a
 * critical section, the shared cache lines it reads and writes, which the machine's coherence
 * model prices as the section runs. A hold is then its instructions plus the misses they take
 * on this machine (docs/model.md, Workloads).
 *
 * @param amount the distribution, sampled in thousandths of its unit: picoseconds of a time,
 *     thousandths of a cycle of a cycle count
 * @param cycles whether the unit is the cycle (false: the nanosecond)
 * @param touches the named lines the work reads and writes, in order
 */
public record Work(Distribution amount, boolean cycles, List<Touch> touches) {
  public Work {
    Objects.requireNonNull(amount);
    touches = List.copyOf(touches);
  }

  /** Work of {@code d} picoseconds that touches no shared line. */
  public static Work time(Distribution d) {
    return new Work(d, false, List.of());
  }

  /** No work at all. */
  public static Work none() {
    return time(new Distribution.Fixed(0));
  }

  /** A sample of the work's duration on {@code cpu}, in picoseconds. */
  public long samplePs(SplittableRandom r, Cpu cpu) {
    long v = amount.samplePs(r);
    return cycles ? cpu.cyclesToPs(v / 1000.0) : v;
  }

  /** The loads and stores of the touches, in order. */
  public int accesses() {
    int n = 0;
    for (Touch t : touches) {
      n += t.reads() + t.writes();
    }
    return n;
  }

  /**
   * Reads and writes of one named line: a list head, a counter, a structure field.
   *
   * @param line the name of a line the workload declares ({@link DataLine})
   * @param reads loads of the line
   * @param writes stores to it, after the loads
   * @param chained whether the line is found through the lines touched before it (a list
   *     walk: {@code elm->next} read from the head), so that its first load waits for their
   *     data; else its address is known at once and its miss overlaps theirs
   */
  public record Touch(String line, int reads, int writes, boolean chained) {
    /** A touch whose address is known at once. */
    public Touch(String line, int reads, int writes) {
      this(line, reads, writes, false);
    }

    public Touch {
      Objects.requireNonNull(line);
      if (reads < 0 || writes < 0) {
        throw new IllegalArgumentException("negative access count");
      }
    }
  }
}
