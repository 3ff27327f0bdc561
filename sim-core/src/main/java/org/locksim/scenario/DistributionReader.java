package org.locksim.scenario;

import java.util.List;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.workload.Distribution;

/**
 * Reads a duration distribution: {@code {"dist": "fixed", "ns": 500}},
 * {@code {"dist": "uniform", "minNs": 100, "maxNs": 900}},
 * {@code {"dist": "exponential", "meanNs": 500}} or
 * {@code {"dist": "lognormal", "meanNs": 500, "sigma": 0.5}}.
 */
final class DistributionReader {
  private static final double MAX_NS = 3.6e12;

  private DistributionReader() { }

  static Distribution read(ObjectReader r) {
    String kind = r.requiredEnum("dist", List.of("fixed", "uniform", "exponential", "lognormal"));
    Distribution d = switch (kind) {
      case "fixed" -> new Distribution.Fixed(ps(r.requiredDouble("ns", 0, MAX_NS)));
      case "uniform" -> {
        long min = ps(r.requiredDouble("minNs", 0, MAX_NS));
        long max = ps(r.requiredDouble("maxNs", 0, MAX_NS));
        if (max < min) {
          throw r.errorAt("maxNs", "maxNs must be at least minNs");
        }
        yield new Distribution.Uniform(min, max);
      }
      case "exponential" -> new Distribution.Exponential(r.requiredDouble("meanNs", 0, MAX_NS) * 1000);
      default -> new Distribution.LogNormal(r.requiredDouble("meanNs", 0.001, MAX_NS) * 1000,
          r.requiredDouble("sigma", 0, 10));
    };
    r.finish();
    return d;
  }

  private static long ps(double ns) {
    return Math.round(ns * 1000);
  }
}
