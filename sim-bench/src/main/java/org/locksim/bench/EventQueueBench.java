package org.locksim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.locksim.engine.HeapEventQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The classic hold model of priority-queue benchmarks (Jones 1986): a fixed number of pending
 * events; each operation pops the earliest and pushes one at a random later time. Reports
 * hold operations (one pop plus one push) per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventQueueBench {
  @Param({"10000"})
  int pending;

  private HeapEventQueue queue;
  private SplittableRandom random;
  private long seq;
  private long[] increments;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    queue = new HeapEventQueue(pending);
    random = new SplittableRandom(1);
    increments = new long[1 << 16];
    for (int i = 0; i < increments.length; i++) {
      // Exponential increments with a mean of 1 us, as event spacings in a run are.
      increments[i] = 1 + (long) (-Math.log(1 - random.nextDouble()) * 1_000_000);
    }
    for (int i = 0; i < pending; i++) {
      queue.push(increments[i & (increments.length - 1)], seq++, 0, i, 0);
    }
  }

  @Benchmark
  public long hold() {
    queue.pop();
    long t = queue.time();
    queue.push(t + increments[next++ & (increments.length - 1)], seq++, 0, queue.a(), 0);
    return t;
  }
}
