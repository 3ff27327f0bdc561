package org.locksim.scenario;

import java.util.List;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.Distribution;

/**
 * Reads a distribution. Of a duration, in nanoseconds: {@code {"dist": "fixed", "ns": 500}},
 * {@code {"dist": "uniform", "minNs": 100, "maxNs": 900}},
 * {@code {"dist": "exponential", "meanNs": 500}} or
 * {@code {"dist": "lognormal", "meanNs": 500, "sigma": 0.5}}. Of a cycle count, the same
 * without the unit: {@code {"dist": "fixed", "value": 2000}}, {@code "min"} and {@code "max"},
 * {@code "mean"}. Either way the distribution holds thousandths of the unit (picoseconds,
 * thousandths of a cycle).
 */
final class DistributionReader {
  private static final double MAX_NS = 3.6e12;
  /** An hour at 10 GHz. */
  private static final double MAX_CYCLES = 3.6e13;

  private DistributionReader() { }

  /** Reads a duration in nanoseconds; no other field is allowed. */
  static Distribution read(ObjectReader r) {
    Distribution d = readFields(r, false);
    r.finish();
    return d;
  }

  /** Reads a cycle count; no other field is allowed. */
  static Distribution readCycles(ObjectReader r) {
    Distribution d = readFields(r, true);
    r.finish();
    return d;
  }

  /** Reads the distribution's fields, of cycles or of nanoseconds, leaving others to the caller. */
  static Distribution readFields(ObjectReader r, boolean cycles) {
    String fixed = cycles ? "value" : "ns";
    String min = cycles ? "min" : "minNs";
    String max = cycles ? "max" : "maxNs";
    String mean = cycles ? "mean" : "meanNs";
    double top = cycles ? MAX_CYCLES : MAX_NS;
    String kind = r.requiredEnum("dist", List.of("fixed", "uniform", "exponential", "lognormal"));
    return switch (kind) {
      case "fixed" -> new Distribution.Fixed(milli(r.requiredDouble(fixed, 0, top)));
      case "uniform" -> {
        long lo = milli(r.requiredDouble(min, 0, top));
        long hi = milli(r.requiredDouble(max, 0, top));
        if (hi < lo) {
          throw r.errorAt(max, max + " must be at least " + min);
        }
        yield new Distribution.Uniform(lo, hi);
      }
      case "exponential" -> new Distribution.Exponential(r.requiredDouble(mean, 0, top) * 1000);
      default -> new Distribution.LogNormal(r.requiredDouble(mean, 0.001, top) * 1000,
          r.requiredDouble("sigma", 0, 10));
    };
  }

  private static long milli(double units) {
    return Math.round(units * 1000);
  }
}
