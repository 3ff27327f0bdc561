package org.locksim.workload;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.locksim.cpu.Instr;
import org.locksim.lock.Lock;
import org.locksim.machine.CacheLine;
import org.locksim.random.RandomStreams;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;

/**
 * Linux's locktorture module (kernel/locking/locktorture.c and its helpers in kernel/torture.c,
 * v5.12; read from trees of v5.2 and of 5.14 vintage, in which the writer loop and the
 * {@code spin_lock} delay are the same): {@code writers} kernel threads on one lock, each running
 * {@code lock_torture_writer}:
 *
 * <pre>
 *   do {
 *     one draw in 2^20: sleep one jiffy        (schedule_timeout_uninterruptible(1))
 *     task_boost()                             (nothing, but for rtmutex)
 *     writelock()
 *     check lock_is_write_held, set it; check lock_is_read_held   (globals, one cache line)
 *     n_lock_acquired++                        (the writer's 16-byte slot of a kmalloc'd array)
 *     write_delay()                            (the type's draws and busy delays, see TortureType)
 *     clear lock_is_write_held; last_lock_release = jiffies
 *     writeunlock()
 *     stutter_wait()                           (sleep or spin while the test is paused)
 *   } while (!torture_must_stop());
 * </pre>
 *
 * Memory traffic: the globals are one cache line that every critical section reads and
 * writes, so it moves with the lock (their own line, or the lock's when
 * {@code globalsBesideLock}); four writers' counters share a line, as the
 * {@code lock_stress_stats} array packs them. The code around them is priced as calls
 * (the ops vector's indirect calls, {@code stutter_wait}, {@code torture_must_stop}), L1 loads
 * of read-mostly globals, and {@code drawCycles} per {@code torture_random} draw with its
 * modulo (a 64-bit division). The section's two loads that miss, of the globals and of the
 * counter that {@code n_lock_acquired++} reads and writes, have addresses known at once, so
 * the core issues them without waiting and runs on through the section
 * ({@link Kernel#loadAhead}); the release, a store (x86-TSO keeps it after the loads) or an
 * atomic, waits for their data, as a critical section's touches do
 * ({@code Section}, docs/model.md, "Misses under a lock").
 *
 * <p>The {@code _irq} types ({@code spin_lock_irq}, {@code rw_lock_irq}) save and disable
 * interrupts around the lock and keep the flags in {@code cxt.cur_ops->flags}, one word every
 * holder writes ({@link TortureIrqSave}).
 *
 * <p>Stutter ({@code stutter} jiffies, 5 by default): a kthread pauses the test through a
 * flag the threads read once per loop, for {@code stutter - 1} jiffies and a fuzz (they sleep a
 * jiffy at a time, then spin on the flag for the last 2), then lets it run for {@code stutter};
 * the pauses start with the test ({@link TortureStutter}).
 *
 * <p>Placement: locktorture does not pin its threads; the kernel's fork balancing places each
 * new thread of an idle machine on the emptiest socket, core and hardware thread, which is what
 * {@link #start} does (writer {@code i} lands on socket {@code i mod sockets} while cores are
 * free); after that the scheduler moves them as it does any task. Its shuffler
 * ({@code torture_shuffle}, which keeps one CPU at a time free of torture threads) is not
 * modelled. One operation is one acquisition.
 *
 * @param type the lock type's delays ({@code torture_type})
 * @param lock the lock's name
 * @param writers writer threads ({@code nwriters_stress})
 * @param readers reader threads ({@code nreaders_stress}), for a reader-writer type; 0 for none
 * @param shortDelayUs the write delay's short delay ({@code shortdelay_us})
 * @param longDelayMs the write delay's long delay ({@code longdelay_ms})
 * @param stutterJiffies {@code stutter}; 0 runs without pauses
 * @param drawCycles cycles of one {@code torture_random} draw with its modulo
 * @param globalsBesideLock whether the module's globals share the lock's cache line (all are
 *     zero-initialised statics of one file, so the linker may put them within 64 bytes of
 *     {@code torture_spinlock}; the source does not say), or have a line of their own
 */
public record LockTorture(TortureType type, String lock, int writers, int readers, double shortDelayUs,
    double longDelayMs, int stutterJiffies, double drawCycles, boolean globalsBesideLock)
    implements Workload {
  /** Task names of the writers, before their index. */
  public static final String WRITER = "lock_torture_writer";
  /** Task names of the readers, before their index. */
  public static final String READER = "lock_torture_reader";

  public LockTorture {
    if (readers > 0 && !type.readerWriter()) {
      throw new IllegalArgumentException(type.kernelName() + " has no readers");
    }
    if (writers < 1 || readers < 0 || shortDelayUs < 0 || longDelayMs < 0 || stutterJiffies < 0 || drawCycles < 0) {
      throw new IllegalArgumentException("bad locktorture parameters");
    }
  }

  /**
   * Creates the threads in lock_torture_init()'s order, writer {@code i} then reader {@code i}
   * (its loop's {@code create_reader} label), each placed by fork balancing after those before
   * it; writers and readers have their own stats arrays ({@code lwsa}, {@code lrsa}).
   */
  @Override
  public void start(Kernel kernel, Map<String, Lock> locks, RandomStreams random) {
    Lock l = locks.get(lock);
    CacheLine globals = globalsBesideLock ? l.line() : kernel.machine().newLine("locktorture globals", 3);
    int word = globalsBesideLock ? l.dataWord() : 0;
    // lock_is_read_held: the next global on its own line; the same data word beside the lock
    int readHeld = globalsBesideLock ? word : 1;
    CacheLine[] wstats = statsLines(kernel, "lwsa", writers);
    CacheLine[] rstats = statsLines(kernel, "lrsa", readers);
    // The stutter kthread sleeps nearly always: it takes the place fork balancing would give
    // one more thread (Linux creates it first, on a CPU a writer then shares; see TortureStutter),
    // the last of the spread.
    TortureStutter stutter = new TortureStutter(stutterJiffies, kernel.machine().newLine("stutter_pause_test", 1));
    TortureIrqSave irq = new TortureIrqSave(type.irqsave()
        ? kernel.machine().newLine("locktorture cur_ops->flags", 1) : null);
    int[] cpus = ForkBalance.spread(kernel.machine(), writers + readers + (stutter.pauses() ? 1 : 0));
    if (stutter.pauses()) {
      // lock_torture_init() starts it before the writers and readers, so it runs first on its
      // CPU (writing the flag that pauses them) even where a torture thread shares that CPU.
      Task t = kernel.newTask(TortureStutter.THREAD, stutter.thread(random.stream("torture_stutter")));
      kernel.start(t, cpus[writers + readers]);
    }
    int created = 0;
    for (int i = 0; i < Math.max(writers, readers); i++) {
      if (i < writers) {
        Task t = kernel.newTask(WRITER + i, new Writer(this, l, globals, word, wstats[i / 4], i % 4,
            stutter, irq, random.stream("writer" + i + "/torture")));
        kernel.start(t, cpus[created++]);
      }
      if (i < readers) {
        Task t = kernel.newTask(READER + i, new TortureReader(this, l, globals, word, readHeld,
            rstats[i / 4], i % 4, stutter, irq, random.stream("reader" + i + "/torture")));
        kernel.start(t, cpus[created++]);
      }
    }
  }

  private static CacheLine[] statsLines(Kernel kernel, String array, int n) {
    CacheLine[] stats = new CacheLine[(n + 3) / 4];
    for (int i = 0; i < stats.length; i++) {
      stats[i] = kernel.machine().newLine("locktorture " + array + "[" + 4 * i + "..]", 4);
    }
    return stats;
  }

  @Override
  public String opName() {
    return readers == 0 ? "write acquisition" : "acquisition";
  }

  @Override
  public List<TaskGroup> taskGroups() {
    return readers == 0 ? List.of(new TaskGroup("Writes", lock, WRITER, writers))
        : List.of(new TaskGroup("Writes", lock, WRITER, writers), new TaskGroup("Reads", lock, READER, readers));
  }

  /** One writer thread's loop. */
  private static final class Writer extends Routine {
    private final LockTorture w;
    private final Lock lock;
    private final CacheLine globals;
    private final int word;
    private final CacheLine stats;
    private final int slot;
    private final TortureStutter stutter;
    private final TortureIrqSave irq;
    private final SplittableRandom random;

    Writer(LockTorture w, Lock lock, CacheLine globals, int word, CacheLine stats, int slot,
        TortureStutter stutter, TortureIrqSave irq, SplittableRandom random) {
      super(WRITER, false);
      this.w = w;
      this.lock = lock;
      this.globals = globals;
      this.word = word;
      this.stats = stats;
      this.slot = slot;
      this.stutter = stutter;
      this.irq = irq;
      this.random = random;
    }

    /** When the data of the section's loads (the globals, the stats slot) has arrived. */
    private long globalsArrive;

    @Override
    public void step(Kernel k) {
      switch (k.pc()) {
        case 3 -> {
          k.loadAhead(globals, word);     // WARN_ON_ONCE(lock_is_write_held)
          k.next(4);
        }
        case 4 -> {
          globalsArrive = k.dataArrival();
          k.store(globals, word, 1);      // lock_is_write_held = true; then lock_is_read_held
          k.exec(Instr.LOAD, 1);
          k.next(5);
        }
        case 5 -> {
          k.loadAhead(stats, slot);    // lwsp->n_lock_acquired++
          k.next(15);
        }
        case 15 -> {
          globalsArrive = Math.max(globalsArrive, k.dataArrival());
          k.store(stats, slot, k.result() + 1);
          k.next(6);
        }
        case 6 -> {
          // write_delay(): its draws and the busy delay, with the lock held.
          k.exec(Instr.CALL, 1);
          long delay = w.type.writeDelayPs(random, w.writers, w.shortDelayUs, w.longDelayMs);
          double cycles = w.type.draws() * w.drawCycles;
          hold(k, cycles, delay);
          k.next(7);
        }
        case 7 -> {
          // lock_is_write_held = false; WRITE_ONCE(last_lock_release, jiffies)
          k.store(globals, word, 0);
          k.exec(Instr.STORE, 1);
          k.exec(Instr.CALL, 1);       // writeunlock()
          k.next(14);
        }
        case 14 -> {
          if (globalsArrive > k.now()) {
            k.awaitData(globals, globalsArrive);
          }
          k.next(irq.saves() ? 12 : 8);
        }
        default -> {
          // The loop's first draw, task_boost() and writelock(); the release and the stutter.
          if (!TortureLoop.before(k, 2, w.drawCycles, random, lock.acquire(), irq)
              && !TortureLoop.after(k, lock.release(), irq, stutter)) {
            throw new IllegalStateException("pc " + k.pc());
          }
        }
      }
    }

  }

  /** Kernel work of {@code cycles} at the running CPU's clock, at least a picosecond. */
  static void compute(Kernel k, double cycles) {
    long ps = Math.max(1, k.cpu().cyclesToPs(cycles));
    k.compute(ps, Math.round(cycles), false);
  }

  /**
   * A hold of {@code cycles} of random draws and a {@code delayPs} busy wait ({@code udelay} or
   * {@code mdelay}), counted as cycles at the running CPU's clock.
   */
  static void hold(Kernel k, double cycles, long delayPs) {
    long ps = delayPs + k.cpu().cyclesToPs(cycles);
    k.compute(Math.max(1, ps), Math.round(cycles + k.cpu().psToCycles(delayPs)), false);
  }
}
