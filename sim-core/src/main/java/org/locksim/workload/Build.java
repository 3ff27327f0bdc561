package org.locksim.workload;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.locksim.engine.Round;
import org.locksim.lock.Lock;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * A parallel build, {@code make -jN}: {@code jobs} compile jobs, {@code parallel} at a time,
 * each a new process. A job's user time is drawn once and spread over its kernel entries;
 * each entry is a system call or page fault of one of the workload's kinds, chosen at random
 * in proportion to the kinds' counts per job. An entry enters the kernel, takes the locks of
 * its kind in turn (kernel work before each, the critical section under it: work and the
 * shared lines it touches, see {@link Work}), does the rest of its
 * kernel work, and may wait for I/O (sleep). When a job exits, its slot starts the next job on
 * the same CPU, as make forks it, with the CPUs its slot may use (a child inherits its
 * parent's affinity; spread and compact pin slot {@code i} as they pin task {@code i}). The run ends when the last job exits; time(1)'s real, user
 * and sys come from it.
 *
 * <p>A compute burst (user time, kernel work, hold times) retires {@code instructionsPerCycle}
 * instructions per cycle of the burst, {@code branchesPerInstruction} of them branches: the
 * instruction mix of the compiler and the kernel code the workload stands for, which the model
 * does not execute (perf's {@code instructions} and {@code branches}).
 *
 * @param jobs compile jobs in all
 * @param parallel jobs at a time
 * @param userTime user time of one job
 * @param kinds the kinds of kernel entry
 * @param instructionsPerCycle instructions a compute burst retires per cycle
 * @param branchesPerInstruction the share of a burst's instructions that are branches
 * @param lines the shared lines the critical sections touch
 * @param placement where the slots' jobs run
 */
public record Build(int jobs, int parallel, Work userTime, List<EntryKind> kinds,
    double instructionsPerCycle, double branchesPerInstruction, List<DataLine> lines,
    Placement placement)
    implements Workload {

  /**
   * One kind of kernel entry.
   *
   * @param name its name (also the kernel function profiles show: {@code sys_open})
   * @param perJob how many a job makes, on average
   * @param kernel kernel time outside the locks, spread before each lock and after the last
   * @param locks locks taken in turn, with their hold times
   * @param pageFault counts as a page fault (perf's page-faults) rather than a system call
   * @param ioProbability chance that the entry then waits for I/O
   * @param ioWait how long such a wait lasts
   */
  public record EntryKind(String name, double perJob, Work kernel, List<Take> locks,
      boolean pageFault, double ioProbability, Distribution ioWait) {
    public EntryKind {
      Objects.requireNonNull(name);
      locks = List.copyOf(locks);
    }
  }

  /**
   * A lock an entry takes.
   *
   * @param lock its name
   * @param hold the critical section: its work and the shared lines it touches
   * @param lineUpdates updates (a load and a store) the critical section makes to data on the
   *     lock's own cache line, spread over the hold: a list head declared beside the mutex,
   *     as OpenBSD's {@code uvm.page_active} and {@code uvm.page_inactive} beside
   *     {@code uvm.pageqlock}
   */
  public record Take(String lock, Work hold, int lineUpdates) {
    public Take(String lock, Work hold) {
      this(lock, hold, 0);
    }
  }

  public Build {
    kinds = List.copyOf(kinds);
    lines = List.copyOf(lines);
    if (!(instructionsPerCycle > 0) || !(branchesPerInstruction >= 0 && branchesPerInstruction <= 1)) {
      throw new IllegalArgumentException("instructionsPerCycle must be positive, branchesPerInstruction in [0, 1]");
    }
  }

  /** A build whose bursts retire one instruction per cycle and count no branches. */
  public Build(int jobs, int parallel, Work userTime, List<EntryKind> kinds) {
    this(jobs, parallel, userTime, kinds, 1, 0, List.of(), Placement.NONE);
  }

  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    Shared shared = new Shared(this, kernel, locks, random);
    int slots = Math.min(parallel, jobs);
    for (int i = 0; i < slots; i++) {
      shared.spawn(placement.firstCpu(i, kernel.machine()), placement.allowed(i, kernel.machine()));
    }
  }

  @Override
  public String opName() {
    return "job";
  }

  @Override
  public boolean finite() {
    return true;
  }

  /**
   * What the jobs share: the job counter, the resolved locks and critical sections, the
   * cumulative entry weights.
   */
  private static final class Shared {
    final Build b;
    final Kernel kernel;
    final Lock[][] locks;
    final Section.Plan[][] holds;
    final double[] cumulative;
    final double entriesPerJob;
    final RandomStreams random;
    int started;

    Shared(Build b, Kernel kernel, Map<String, Lock> byName, RandomStreams random) {
      this.b = b;
      this.kernel = kernel;
      this.random = random;
      int n = b.kinds().size();
      locks = new Lock[n][];
      holds = new Section.Plan[n][];
      cumulative = new double[n];
      SharedData data = new SharedData(kernel.machine(), b.lines(), byName);
      double sum = 0;
      for (int i = 0; i < n; i++) {
        EntryKind k = b.kinds().get(i);
        locks[i] = k.locks().stream().map(t -> byName.get(t.lock())).toArray(Lock[]::new);
        holds[i] = k.locks().stream().map(t -> data.plan(t.hold())).toArray(Section.Plan[]::new);
        sum += k.perJob();
        cumulative[i] = sum;
      }
      entriesPerJob = sum;
    }

    void spawn(int cpu, org.locksim.sched.CpuMask allowed) {
      int id = started++;
      Task t = kernel.newTask("cc" + id, new Job(this, random.stream("job" + id)));
      kernel.setAffinity(t, allowed);
      kernel.start(t, cpu);
    }
  }

  /** One compile job: its entries, then exit (and the next job). */
  private static final class Job extends Routine {
    private final Shared s;
    private final SplittableRandom r;
    private long entries;
    private long userPerEntry;
    private int kind;
    private int take;
    private final Section section;
    private final Section.Burst kernelBurst = (k, ps) -> burst(k, ps, false);

    /** The job runs the compiler ("cc") or, in a system call, the kernel entry's name. */
    Job(Shared s, SplittableRandom r) {
      super("cc", true);
      this.s = s;
      this.r = r;
      this.section = new Section(s.b.instructionsPerCycle());
    }

    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 0 -> {
          long total = s.b.userTime().samplePs(r, k.cpu());
          entries = Math.max(1, Math.round(s.entriesPerJob));
          userPerEntry = total / entries;
          k.next(1);
        }
        case 1 -> {
          if (entries-- == 0) {
            if (s.started < s.b.jobs()) {
              s.spawn(k.cpuId(), k.task().allowed());
            }
            k.countOp();
            k.exit();
            return;
          }
          burst(k, userPerEntry, true);
          k.next(2);
        }
        case 2 -> {
          kind = pick();
          EntryKind e = s.b.kinds().get(kind);
          if (e.pageFault()) {
            k.countPageFault();
          }
          function(e.name());
          k.syscallEnter();
          take = 0;
          k.next(3);
        }
        // before each lock, and after the last: a share of the kernel work
        case 3 -> {
          EntryKind e = s.b.kinds().get(kind);
          burst(k, e.kernel().samplePs(r, k.cpu()) / (s.locks[kind].length + 1), false);
          k.next(take < s.locks[kind].length ? 4 : 6);
        }
        case 4 -> {
          k.call(s.locks[kind][take].acquire());
          k.next(5);
        }
        case 5 -> {
          Lock l = s.locks[kind][take];
          section.begin(s.holds[kind][take], r, k, l.line(), l.dataWord(),
              s.b.kinds().get(kind).locks().get(take).lineUpdates());
          k.next(7);
        }
        // the critical section: its work, with the lines it updates and touches between bursts
        case 7 -> {
          if (!section.step(k, kernelBurst)) {
            k.call(s.locks[kind][take].release());
            take++;
            k.next(3);
          } else {
            k.next(7);
          }
        }
        case 6 -> {
          k.syscallExit();
          function("cc");
          EntryKind e = s.b.kinds().get(kind);
          if (e.ioProbability() > 0 && r.nextDouble() < e.ioProbability()) {
            k.sleep(Math.max(1, e.ioWait().samplePs(r)));
          }
          k.next(1);
        }
        default -> throw new IllegalStateException("pc " + k.pc());
      }
    }

    private int pick() {
      double x = r.nextDouble() * s.entriesPerJob;
      for (int i = 0; i < s.cumulative.length; i++) {
        if (x < s.cumulative[i]) {
          return i;
        }
      }
      return s.cumulative.length - 1;
    }

    private void burst(Kernel k, long ps, boolean user) {
      if (ps > 0) {
        long instr = Round.of(k.cpu().psToCycles(ps) * s.b.instructionsPerCycle());
        k.compute(ps, instr, Round.of(instr * s.b.branchesPerInstruction()), user);
      }
    }
  }
}
