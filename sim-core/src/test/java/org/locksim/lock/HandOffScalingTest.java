package org.locksim.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.engine.Simulation;
import org.locksim.machine.HomeRules;
import org.locksim.machine.Machine;
import org.locksim.machine.TestMachines;
import org.locksim.scenario.MachineReader;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.SchedConfig;

/**
 * Why: the textbook result the coherence model must give without being told. A ticket lock's
 * hand-off (release to the next holder's acquire) grows with every waiter, because every
 * waiter's re-read of the released line queues at the line's home and the next holder's read
 * is, on average, half-way down that queue; an MCS lock's hand-off writes one waiter's node and
 * stays flat, and so does qspinlock's, whose queue head alone reads the lock word; a
 * test-and-test-and-set lock's grows too, since every waiter re-reads and then
 * tries its atomic (Anderson 1990; Mellor-Crummey and Scott 1991).
 *
 * <p>Growth is measured over holds of 60 to 140 ns, not one: the waiters re-queue as soon as
 * they release, and with one fixed hold each arrival lands at the same point of every
 * hand-off. In qspinlock an arrival's atomics on the lock word can land between the head's
 * read of it and its {@code set_locked}, which x86's store order makes the MCS hand-off wait
 * for: over holds of 60 to 150 ns its growth from 8 to 32 waiters on the two-socket Broadwell
 * ranged from 0.95 to 1.18 with the phase alone, where MCS's stayed within 2%.
 */
class HandOffScalingTest {
  private static final long NS = 1_000;
  private static final long US = 1_000 * NS;
  /** Every waiter holds the lock this long; short, so that the hand-off dominates. */
  private static final long HOLD_PS = 100 * NS;

  /**
   * The mean hand-off of {@code algorithm} with {@code waiters} waiting: {@code waiters + 1}
   * tasks, one per core and spread over the sockets in turn (so that consecutive queue
   * positions are as far apart with 8 waiters as with 32), each taking the lock
   * {@value #ROUNDS} times back to back; the mean is over the hand-offs after the first round
   * and before the last, while every other task waits.
   */
  static double meanHandOffPs(String algorithm, int waiters, CpuModel model, HomeRules rules) {
    return meanHandOffPs(algorithm, Map.of(), waiters, model, rules);
  }

  /** {@link #meanHandOffPs(String, int, CpuModel, HomeRules)} with some parameters set. */
  static double meanHandOffPs(String algorithm, Map<String, Object> params, int waiters, CpuModel model,
      HomeRules rules) {
    return meanHandOffPs(algorithm, params, waiters, model, rules, HOLD_PS);
  }

  /** {@link #meanHandOffPs(String, Map, int, CpuModel, HomeRules)} with every hold {@code holdPs} long. */
  static double meanHandOffPs(String algorithm, Map<String, Object> params, int waiters, CpuModel model,
      HomeRules rules, long holdPs) {
    return meanHandOffPs(algorithm, params, waiters, model, rules, holdPs, false);
  }

  /**
   * {@link #meanHandOffPs(String, Map, int, CpuModel, HomeRules, long)}, with the tasks on both
   * hardware threads of each core when {@code bothThreads}.
   */
  static double meanHandOffPs(String algorithm, Map<String, Object> params, int waiters, CpuModel model,
      HomeRules rules, long holdPs, boolean bothThreads) {
    Simulation sim = new Simulation();
    Machine machine = new Machine(model, TestMachines.smpKernel(), rules);
    Kernel kernel = new Kernel(sim, machine, SchedConfig.defaults(), null);
    LockRegistry.Entry e = LockRegistry.standard().find(algorithm).orElseThrow();
    Map<String, Object> values = new TreeMap<>(LockParams.defaults(e.params()).asMap());
    values.putAll(params);
    Lock lock = e.factory().create(new LockEnv("l", machine), new LockParams(values));
    int tasks = waiters + 1;
    int[] cpus = spreadCores(machine, bothThreads ? (tasks + 1) / 2 : tasks, bothThreads);
    List<long[]> holds = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      long delay = 1 * US + i * 50 * NS;
      Routine r = new Routine("waiter") {
        @Override
        public void step(Kernel k) {
          switch (k.pc()) {
            case 0 -> {
              k.compute(delay, 1, true);
              k.next(1);
            }
            case 1 -> {
              k.call(lock.acquire());
              k.next(2);
            }
            case 2 -> {
              holds.add(new long[] {k.now(), 0});
              k.compute(holdPs, 1, false);
              k.next(3);
            }
            case 3 -> {
              holds.get(holds.size() - 1)[1] = k.now();
              k.call(lock.release());
              k.setLocal(0, k.local(0) + 1);
              k.next(k.local(0) < ROUNDS ? 1 : 4);
            }
            default -> k.exit();
          }
        }
      };
      kernel.start(kernel.newTask("w" + i, r), cpus[i]);
    }
    sim.runUntil(10_000 * US);
    assertEquals((long) tasks * ROUNDS, lock.acquisitions(), algorithm + ": every round ran");
    long sum = 0;
    int n = 0;
    for (int i = tasks; i < holds.size() - tasks; i++) {
      sum += holds.get(i + 1)[0] - holds.get(i)[1];
      n++;
    }
    return (double) sum / n;
  }

  private static final int ROUNDS = 6;

  /**
   * The first hardware thread of {@code n} cores, taken from each socket in turn; with
   * {@code bothThreads}, each core's two threads one after the other.
   */
  private static int[] spreadCores(Machine machine, int n, boolean bothThreads) {
    int sockets = machine.model().topology().sockets();
    List<List<Integer>> bySocket = new ArrayList<>();
    for (int s = 0; s < sockets; s++) {
      bySocket.add(new ArrayList<>());
    }
    for (int c = 0; c < machine.cpuCount(); c++) {
      if (machine.cpu(c).slot().thread() == 0) {
        bySocket.get(machine.cpu(c).slot().socket()).add(c);
      }
    }
    int[] out = new int[bothThreads ? 2 * n : n];
    for (int i = 0; i < n; i++) {
      int first = bySocket.get(i % sockets).get(i / sockets);
      if (bothThreads) {
        out[2 * i] = first;
        out[2 * i + 1] = siblingOf(machine, first);
      } else {
        out[i] = first;
      }
    }
    return out;
  }

  private static int siblingOf(Machine machine, int cpu) {
    for (int c = 0; c < machine.cpuCount(); c++) {
      if (c != cpu && machine.cpu(c).slot().core() == machine.cpu(cpu).slot().core()) {
        return c;
      }
    }
    throw new IllegalStateException("no SMT sibling of CPU " + cpu);
  }

  private static final MachineReader CATALOG = new MachineReader(ModelCatalog.bundled());

  /**
   * A two-socket Broadwell (72 CPUs, inclusive L3: shared reads served by the home), a
   * two-socket Ice Lake (128 CPUs, non-inclusive L3: shared reads forwarded) and a two-socket
   * Milan (128 CPUs, victim L3: forwarded), and the eight-socket 48-core Opteron of the
   * ticket-lock collapse papers (victim L3: forwarded), at catalog costs.
   */
  private static final String[] MACHINES = {"xeon-e5-2695v4-2s", "xeon-8375c-2s", "epyc-7r13-2s",
      "opteron-8431-8s"};

  /** The machines whose shared lines live only in the cores' caches. */
  private static final String[] FORWARDING = {"xeon-8375c-2s", "epyc-7r13-2s", "opteron-8431-8s"};

  /** The holds growth is measured over, ns. */
  private static final long[] HOLDS_NS = {60, 80, 100, 120, 140};

  /** Mean hand-off with 32 waiters over mean hand-off with 8, each over {@link #HOLDS_NS}. */
  private static double growth(String algorithm, String machine) {
    CpuModel model = CATALOG.bundled(machine);
    HomeRules rules = HomeRules.of(model.coherence());
    double with8 = 0;
    double with32 = 0;
    for (long hold : HOLDS_NS) {
      with8 += meanHandOffPs(algorithm, Map.of(), 8, model, rules, hold * NS);
      with32 += meanHandOffPs(algorithm, Map.of(), 32, model, rules, hold * NS);
    }
    return with32 / with8;
  }

  /*
   * Where every read of the released line is forwarded by a core while the home blocks the
   * line, the next holder waits, on average, half the waiters' transfers: the collapse
   * Boyd-Wickizer et al. measured. Where an inclusive L3 serves the re-reads from its own copy
   * after the first, the next holder waits about 12 pipeline occupancies longer with 32
   * waiters than with 8, on top of two cross-socket transfers: about 1.6x (docs/cpu-models.md
   * says why this is the catalog's most doubtful prediction).
   */
  @Test
  void ticketHandOffGrowsWithEveryWaiter() {
    for (String m : FORWARDING) {
      double g = growth("spin.ticket", m);
      assertTrue(g >= 2, m + ": 8 to 32 waiters, x" + g);
    }
    double inclusive = growth("spin.ticket", "xeon-e5-2695v4-2s");
    assertTrue(inclusive >= 1.2, "xeon-e5-2695v4-2s: 8 to 32 waiters, x" + inclusive);
  }

  /*
   * Queue locks: MCS, CLH and Anderson's waiters each spin on a line of their own (CLH's the
   * predecessor's node, which only the holder writes), so a release
   * invalidates one copy; in qspinlock only the pending waiter and the queue head re-read the
   * released word. qspinlock is allowed 35%, not 20%: its arrivals' cmpxchg and tail exchange
   * still go to the lock word the head reads and sets, and since requests (the release's byte
   * store among them) are ordered where they reach the line, an arrival from the holder's
   * socket can come in between. Its hand-off is not monotonic in the waiters, so the ratio over
   * five holds swings (x1.01 on the Broadwell, x1.25 on the Ice Lake, x0.83 on the EPYC, x0.88
   * on the Opteron; x1.29, x1.15, x0.98 and x0.87 before upgrades of a shared copy were ordered
   * at the line's home), where the ticket lock's grows x1.28 on the Broadwell and x3.5 on the
   * Ice Lake. TWA is a ticket lock whose waiters beyond the next spin on slots of a waiting
   * array, so one waiter re-reads the released word: x1.07, x0.98, x1.17 and x0.99 on the four
   * machines, within the queue locks' 20% though its arrivals' fetch-and-add still goes to the
   * line the next waiter reads.
   */
  @ParameterizedTest
  @ValueSource(strings = {"queued.mcs", "queued.clh", "queued.qspinlock", "queued.anderson", "spin.twa"})
  void queueLockHandOffStaysFlat(String algorithm) {
    double bound = algorithm.equals("queued.qspinlock") ? 0.35 : 0.2;
    StringBuilder all = new StringBuilder();
    boolean flat = true;
    for (String m : MACHINES) {
      double g = growth(algorithm, m);
      flat &= Math.abs(g - 1) <= bound;
      all.append(String.format(java.util.Locale.ROOT, " %s x%.2f", m, g));
    }
    assertTrue(flat, algorithm + ", hand-off from 8 to 32 waiters:" + all);
  }

  @Test
  void packedAndersonFlagsShareTheirLinesInvalidation() {
    // Sixteen flags to a line: a release invalidates every neighbour spinning on it.
    CpuModel model = CATALOG.bundled("xeon-8375c-2s");
    HomeRules rules = HomeRules.of(model.coherence());
    double padded = meanHandOffPs("queued.anderson", 32, model, rules);
    double packed = meanHandOffPs("queued.anderson", Map.of("slotsPerLine", 16L), 32, model, rules);
    assertTrue(packed > 1.2 * padded, "packed " + packed + " ps, padded " + padded + " ps");
  }

  /*
   * Mellor-Crummey and Scott's proportional backoff: waiters far from the front read the line
   * rarely, so the next holder's re-read queues behind fewer others at the home.
   */
  @Test
  void proportionalBackoffTamesTheTicketLocksGrowth() {
    CpuModel model = CATALOG.bundled("xeon-8375c-2s");
    HomeRules rules = HomeRules.of(model.coherence());
    Map<String, Object> backoff = Map.of("backoffNs", 300.0);
    double plain = meanHandOffPs("spin.ticket", 32, model, rules);
    double tamed = meanHandOffPs("spin.ticket", backoff, 32, model, rules);
    double tamedGrowth = tamed / meanHandOffPs("spin.ticket", backoff, 8, model, rules);
    assertTrue(tamed < 0.7 * plain, "32 waiters: " + tamed + " ps with backoff, " + plain + " without");
    assertTrue(tamedGrowth < growth("spin.ticket", "xeon-8375c-2s"), "x" + tamedGrowth);
  }

  @Test
  void ttasHandOffGrowsWithTheWaiters() {
    for (String m : MACHINES) {
      double g = growth("spin.ttas", m);
      assertTrue(g >= 1.5, m + ": 8 to 32 waiters, x" + g);
    }
  }

  /*
   * The growth comes from the home queue, and grows with its occupancy: without one the
   * ticket hand-off is flat; with a home that takes 20 ns per request (a bus, or a slower
   * agent) it doubles from 8 to 32 waiters.
   */
  @Test
  void theTicketHandOffGrowsWithTheHomesOccupancy() {
    CpuModel model = CATALOG.bundled("xeon-e5-2695v4-2s");
    double none = meanHandOffPs("spin.ticket", 32, model, HomeRules.NONE)
        / meanHandOffPs("spin.ticket", 8, model, HomeRules.NONE);
    HomeRules slow = HomeRules.pipelined(20 * NS, false);
    double slowGrowth = meanHandOffPs("spin.ticket", 32, model, slow)
        / meanHandOffPs("spin.ticket", 8, model, slow);
    assertTrue(none < 1.15, "without a home queue: x" + none);
    assertTrue(slowGrowth >= 2, "at 20 ns a request: x" + slowGrowth);
  }

  /*
   * The threads of a core share its caches, so after a release the two waiters of a core send
   * one request to the line's home, not two: a ticket lock's hand-off with 16 waiters on both
   * threads of 8 cores (and the holder's core) should cost about what 8 waiters one per core
   * cost, and less than 16 waiters one per core. (Mean over the holds, 16 threads, 8 cores and
   * 16 cores: 234, 239 and 253 ns on the Broadwell, 463, 458 and 811 ns on the Ice Lake; 276,
   * 281 and 333 ns and 496, 515 and 903 ns before an owner kept its line until a read's
   * request reached it; before the threads shared their core's caches, 324 ns on the
   * Broadwell with 16 threads.)
   */
  @Test
  void ticketHandOffGrowsWithTheCoresWaitingNotTheThreads() {
    for (String m : new String[] {"xeon-e5-2695v4-2s", "xeon-8375c-2s"}) {
      CpuModel model = CATALOG.bundled(m);
      HomeRules rules = HomeRules.of(model.coherence());
      double cores8 = 0;
      double threads16 = 0;
      double cores16 = 0;
      for (long hold : HOLDS_NS) {
        cores8 += meanHandOffPs("spin.ticket", Map.of(), 8, model, rules, hold * NS, false);
        threads16 += meanHandOffPs("spin.ticket", Map.of(), 16, model, rules, hold * NS, true);
        cores16 += meanHandOffPs("spin.ticket", Map.of(), 16, model, rules, hold * NS, false);
      }
      String seen = m + ": 8 cores " + cores8 + ", 16 threads on 8 cores " + threads16 + ", 16 cores " + cores16;
      assertTrue(threads16 <= 1.1 * cores8, seen);
      assertTrue(threads16 < 0.95 * cores16, seen);
    }
  }
}
