package org.locksim.workload;

import java.util.SplittableRandom;

/** A distribution of durations, sampled in picoseconds. */
public sealed interface Distribution {
  /** A sample in picoseconds, never negative. */
  long samplePs(SplittableRandom r);

  /** The mean in picoseconds. */
  double meanPs();

  /** Always {@code ps}. */
  record Fixed(long ps) implements Distribution {
    @Override
    public long samplePs(SplittableRandom r) {
      return ps;
    }

    @Override
    public double meanPs() {
      return ps;
    }
  }

  /** Uniform on {@code [minPs, maxPs]}. */
  record Uniform(long minPs, long maxPs) implements Distribution {
    @Override
    public long samplePs(SplittableRandom r) {
      return minPs == maxPs ? minPs : r.nextLong(minPs, maxPs + 1);
    }

    @Override
    public double meanPs() {
      return (minPs + maxPs) / 2.0;
    }
  }

  /** Exponential with mean {@code meanPs}. */
  record Exponential(double meanPs) implements Distribution {
    @Override
    public long samplePs(SplittableRandom r) {
      return Math.round(-Math.log(1 - r.nextDouble()) * meanPs);
    }
  }

  /** Lognormal with mean {@code meanPs} and shape {@code sigma} (of the underlying normal). */
  record LogNormal(double meanPs, double sigma) implements Distribution {
    @Override
    public long samplePs(SplittableRandom r) {
      double mu = Math.log(meanPs) - sigma * sigma / 2;
      return Math.round(Math.exp(mu + sigma * gaussian(r)));
    }

    private static double gaussian(SplittableRandom r) {
      double u1 = 1 - r.nextDouble();
      double u2 = r.nextDouble();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
  }
}
