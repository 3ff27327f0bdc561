package org.locksim.bench;

import java.util.concurrent.TimeUnit;
import org.locksim.bench.hold.HoldIncrements;
import org.locksim.bench.hold.HoldModel;
import org.locksim.bench.hold.LocksimHold;
import org.locksim.bench.hold.SsjHold;
import org.locksim.engine.CalendarEventQueue;
import org.locksim.engine.HeapEventQueue;
import org.locksim.engine.QuadHeapEventQueue;
import org.locksim.engine.RadixEventQueue;
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
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * The hold model (see {@link HoldModel}) on the engine's queues (binary heap, 4-ary heap,
 * calendar queue, radix heap) and on their peer, SSJ 3.3.2's
 * event lists (its default splay tree and Henriksen's list), with the same pre-drawn increments
 * and the same number of pending events, in one JMH run: the score is hold operations (one pop
 * plus one push) per second, and the ratio of two scores at one {@code pending} is how many times
 * faster one event set is. Each (queue, pending) pair runs in its own forked JVM, so no call
 * site sees two implementations. Run from the project's root:
 * {@code java -jar sim-bench/target/benchmarks.jar EventQueueBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class EventQueueBench {
  @Param({"10000", "1000000"})
  int pending;

  @Param({"locksim-binary-heap", "locksim-quad-heap", "locksim-calendar", "locksim-radix-heap",
      "ssj-splay-tree", "ssj-henriksen"})
  String queue;

  private HoldModel model;
  private HoldIncrements increments;

  @Setup(Level.Trial)
  public void setUp() {
    model = switch (queue) {
      case "locksim-binary-heap" -> new LocksimHold(new HeapEventQueue(pending));
      case "locksim-quad-heap" -> new LocksimHold(new QuadHeapEventQueue(pending));
      case "locksim-calendar" -> new LocksimHold(new CalendarEventQueue());
      case "locksim-radix-heap" -> new LocksimHold(new RadixEventQueue());
      case "ssj-splay-tree" -> new SsjHold(new SplayTree());
      case "ssj-henriksen" -> new SsjHold(new Henriksen());
      default -> throw new IllegalArgumentException("no such queue: " + queue);
    };
    increments = new HoldIncrements(1);
    model.fill(increments, pending);
  }

  @Benchmark
  public long hold() {
    return model.hold(increments.next());
  }
}
