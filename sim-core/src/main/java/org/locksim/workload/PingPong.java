package org.locksim.workload;

import java.util.Arrays;
import java.util.Map;
import org.locksim.lock.Lock;
import org.locksim.machine.CacheLine;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * Two tasks bounce one cache line with compare-and-exchange, as the CAS benchmark of the
 * core-to-core-latency tool (nviennot/core-to-core-latency, {@code src/bench/cas.rs}) does:
 * the line holds PING or PONG; the pong task loops {@code while (!cas(line, PING, PONG)) ;}
 * and the ping task {@code while (!cas(line, PONG, PING)) ;}, each once per round trip. The
 * ping task times {@code roundTrips} round trips per sample; a sample is that time divided by
 * {@code roundTrips} and by 2 (one way), and the figure is the median of the samples, as the
 * tool reports it (it takes 300 samples of 1,000 round trips).
 *
 * <p>A task's failing passes are not simulated: after its successful CAS it waits, event-driven,
 * for the other task's write ({@link Kernel#awaitWrite}), then CASes again when the write is
 * visible, so each one-way trip is what the machine's coherence model makes of a CAS that
 * takes the line from the other CPU. The figure is measured, never read from the transfer
 * table. Tasks 0 (ping) and 1 (pong) go where the placement puts them (the tool pins them to
 * two CPUs); a round trip is one workload operation.
 *
 * @param samples samples the ping task takes
 * @param roundTrips round trips per sample
 * @param placement where the two tasks run
 */
public record PingPong(int samples, int roundTrips, Placement placement) implements Workload {
  static final long PING = 0;
  static final long PONG = 1;

  public PingPong {
    if (samples < 1 || roundTrips < 1) {
      throw new IllegalArgumentException("a ping-pong needs at least one sample of one round trip");
    }
  }

  /** The ping-pong between {@code ping} and {@code pong}, each pinned to its CPU. */
  public static PingPong between(int ping, int pong, int samples, int roundTrips) {
    return new PingPong(samples, roundTrips, Placement.pinned(ping, pong));
  }

  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    begin(kernel);
  }

  /** Creates and starts the two tasks; the samples fill in as the simulation runs. */
  public Samples begin(Kernel kernel) {
    Samples samplesOut = new Samples(samples);
    long successes = (long) samples * roundTrips + 1;
    // The ping side allocates and first touches the line, so its memory is on that CPU's node.
    CacheLine line = kernel.machine().newLineHomedAt("pingpong", 1,
        placement.firstCpu(0, kernel.machine()));
    Task ping = kernel.newTask("ping", new Side("ping", line, PONG, PING, successes, samplesOut, roundTrips));
    Task pong = kernel.newTask("pong", new Side("pong", line, PING, PONG, successes, null, roundTrips));
    kernel.start(ping, placement.place(kernel, ping, 0));
    kernel.start(pong, placement.place(kernel, pong, 1));
    return samplesOut;
  }

  @Override
  public String opName() {
    return "round trip";
  }

  @Override
  public boolean finite() {
    return true;
  }

  /** One-way times of the samples taken so far, in picoseconds. */
  public static final class Samples {
    private final double[] ps;
    private int count;

    Samples(int n) {
      ps = new double[n];
    }

    void add(double oneWayPs) {
      ps[count++] = oneWayPs;
    }

    /** How many samples have been taken. */
    public int count() {
      return count;
    }

    /** The samples taken, in picoseconds, in the order taken. */
    public double[] ps() {
      return Arrays.copyOf(ps, count);
    }

    /** The median sample in nanoseconds (the mean of the middle two for an even count). */
    public double medianNs() {
      if (count == 0) {
        throw new IllegalStateException("no sample taken");
      }
      double[] s = ps();
      Arrays.sort(s);
      double mid = count % 2 == 1 ? s[count / 2] : (s[count / 2 - 1] + s[count / 2]) / 2;
      return mid / 1000;
    }
  }

  /** One task's loop: CAS {@code expect} to {@code update}, once per round trip. */
  private static final class Side extends Routine {
    private final CacheLine line;
    private final long expect;
    private final long update;
    private final long successes;
    private final Samples out;
    private final int perSample;
    private long done;
    private long sampleStart;

    Side(String name, CacheLine line, long expect, long update, long successes, Samples out,
        int perSample) {
      super(name, true);
      this.line = line;
      this.expect = expect;
      this.update = update;
      this.successes = successes;
      this.out = out;
      this.perSample = perSample;
    }

    @Override
    public void step(Kernel k) {
      if (k.pc() == 0) {
        k.cas(line, 0, expect, update);
        k.next(1);
        return;
      }
      if (k.result() == expect) {
        done++;
        if (out != null) {
          timeSample(k);
        }
        if (done == successes) {
          k.exit();
          return;
        }
      }
      // The line holds this side's value now (it just wrote it, or the other side has not
      // answered yet): every pass fails until the other side writes it.
      k.awaitWrite(line);
      k.next(0);
    }

    private void timeSample(Kernel k) {
      if (done > 1) {
        k.countOp();
      }
      if ((done - 1) % perSample == 0) {
        if (done > 1) {
          out.add((k.now() - sampleStart) / (double) perSample / 2);
        }
        sampleStart = k.now();
      }
    }
  }
}
