package org.locksim.machine;

import java.util.ArrayList;
import java.util.List;
import org.locksim.cpu.Cluster;
import org.locksim.cpu.CpuModel;
import org.locksim.cpu.CpuSlot;

/**
 * The simulated hardware of one run: the CPUs of a {@link CpuModel} under a
 * {@link KernelConfig}, the cache lines the workload and locks create, and the coherence model
 * that prices accesses to them.
 *
 * <p>The CPUs are those the kernel brings up: all of the model's under an SMP kernel, only the
 * boot CPU (CPU 0) under a uniprocessor one, which has no code to start the others (a
 * {@code CONFIG_SMP=n} build sees one CPU whatever the board holds; Linux's
 * {@code init/main.c} calls {@code smp_init()} only in SMP builds, and FreeBSD's {@code
 * mp_start()} only with {@code options SMP}).
 */
public final class Machine {
  private final CpuModel model;
  private final KernelConfig kernel;
  /** The CPUs the kernel brought up. */
  private final Cpu[] cpus;
  /**
   * The model's CPU slots, every one of them, online or not: the caches, homes and memory the
   * board has, over which lines are homed and coherence is priced.
   */
  private final int slots;
  private final int[] socket;
  private final int[] core;
  private final long[][] transferPs;
  private final Isa isa;
  private final HomeRules homeRules;
  private final SocketSlices slices;
  private final List<CacheLine> lines = new ArrayList<>();
  private final java.util.Map<String, CacheLine[]> perCpu = new java.util.HashMap<>();
  private Coherence coherence;

  public Machine(CpuModel model, KernelConfig kernel) {
    this(model, kernel, HomeRules.of(model.coherence()));
  }

  /** A machine whose homes follow {@code homeRules} rather than the model's own. */
  public Machine(CpuModel model, KernelConfig kernel, HomeRules homeRules) {
    this.model = model;
    this.homeRules = homeRules;
    this.kernel = kernel;
    List<CpuSlot> slots = model.topology().cpus();
    this.slots = slots.size();
    this.cpus = new Cpu[onlineCpus(model, kernel)];
    for (int i = 0; i < cpus.length; i++) {
      CpuSlot slot = slots.get(i);
      Cluster cluster = model.topology().clusters().get(slot.cluster());
      cpus[i] = new Cpu(slot, model.costs(), (int) cluster.reorderWindow().value(),
          (int) cluster.reorderWindowShared().value());
    }
    this.transferPs = transferMatrixPs(model);
    this.socket = new int[this.slots];
    this.core = new int[this.slots];
    for (int i = 0; i < this.slots; i++) {
      socket[i] = slots.get(i).socket();
      core[i] = slots.get(i).core();
    }
    this.slices = new SocketSlices(socket);
    this.isa = new Isa(model.architecture(), kernel.smp(), kernel.llsc());
  }

  /**
   * Picoseconds to move a line between every pair of the model's CPUs, {@code [to][from]}
   * (symmetric): the one place the machine turns the model's transfer table (distance classes,
   * cluster pairs, socket matrix) into per-pair latencies, by {@link CpuModel#transferNs}.
   */
  public static long[][] transferMatrixPs(CpuModel model) {
    List<CpuSlot> slots = model.topology().cpus();
    int n = slots.size();
    long[][] ps = new long[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        ps[i][j] = Math.round(model.transferNs(slots.get(i), slots.get(j)) * 1000);
      }
    }
    return ps;
  }

  /** Connects the coherence model to whoever wants to hear of written lines; once. */
  public void attach(LineListener listener) {
    if (coherence != null) {
      throw new IllegalStateException("machine already attached");
    }
    coherence = new Coherence(transferPs, homeRules, socket, listener);
    coherence.storesInOrder(model.architecture().isX86());
    coherence.cores(core);
  }

  public Coherence coherence() {
    if (coherence == null) {
      throw new IllegalStateException("machine not attached");
    }
    return coherence;
  }

  /** A new cache line of {@code words} words, in no cache yet. */
  public CacheLine newLine(String name, int words) {
    return newLineOn(null, name, words);
  }

  /**
   * {@code words} words of their own on {@code home}'s cache line (its {@link CacheLine#home()}
   * line), or on a new line when {@code home} is null: data declared beside other data.
   */
  public CacheLine newLineOn(CacheLine home, String name, int words) {
    CacheLine l = new CacheLine(lines.size(), name, words, slots, home);
    lines.add(l);
    return l;
  }

  /**
   * A new line of {@code words} words whose memory is on {@code cpu}'s node (its home in that
   * CPU's socket): data a task on that CPU allocated and touched first.
   */
  public CacheLine newLineHomedAt(String name, int words, int cpu) {
    CacheLine l = new CacheLine(lines.size(), name, words, slots, null,
        slotInSocketOf(cpu, CacheLine.hashedSlot(lines.size(), slots)));
    lines.add(l);
    return l;
  }

  /**
   * CPU {@code cpu}'s line of the per-CPU variable {@code name} ({@code DEFINE_PER_CPU_ALIGNED}):
   * one line of {@code words} words per CPU, made the first time any CPU's is asked for and
   * shared by everything on the machine that names it (the qspinlock MCS nodes of every lock).
   */
  public CacheLine perCpuLine(String name, int cpu, int words) {
    CacheLine[] all = perCpu.get(name);
    if (all == null) {
      all = new CacheLine[cpus.length];
      for (int i = 0; i < all.length; i++) {
        all[i] = newLineHomedAt(name + "/cpu" + i, words, i);
      }
      perCpu.put(name, all);
    }
    if (all[cpu].wordCount() != words) {
      throw new IllegalArgumentException("per-CPU " + name + " has " + all[cpu].wordCount()
          + " words, not " + words);
    }
    return all[cpu];
  }

  /**
   * The home slot of a line whose memory is on CPU {@code cpu}'s node (per-CPU data, since Linux
   * allocates each CPU's per-CPU area from its own node, {@code pcpu_embed_first_chunk} with
   * {@code cpu_to_node}; data a task there touched first): {@code hashed} itself when it is in
   * that CPU's socket already, else a CPU of that socket chosen by it (the slice an address
   * hashes to inside the socket).
   */
  private int slotInSocketOf(int cpu, int hashed) {
    return slices.slotIn(slices.socketOf(cpu), hashed);
  }

  /** Whether the per-CPU variable {@code name} has been made (for tests: whether anything used it). */
  public boolean hasPerCpu(String name) {
    return perCpu.containsKey(name);
  }

  public List<CacheLine> lines() {
    return List.copyOf(lines);
  }

  public Cpu cpu(int i) {
    return cpus[i];
  }

  /** The CPUs the kernel brought up: CPU 0 to {@code cpuCount() - 1}. */
  public int cpuCount() {
    return cpus.length;
  }

  /**
   * How many sockets the online CPUs span (sockets are numbered from 0 in CPU order): what a
   * lock with a part per socket or NUMA node sizes its array by.
   */
  public int socketCount() {
    int n = 0;
    for (Cpu c : cpus) {
      n = Math.max(n, c.slot().socket() + 1);
    }
    return n;
  }

  /**
   * How many of {@code model}'s CPUs a kernel configured as {@code kernel} brings up: all of
   * them, or one under a uniprocessor kernel.
   */
  public static int onlineCpus(CpuModel model, KernelConfig kernel) {
    return kernel.smp() ? model.cpuCount() : 1;
  }

  public CpuModel model() {
    return model;
  }

  public KernelConfig kernel() {
    return kernel;
  }

  public Isa isa() {
    return isa;
  }

  /** Picoseconds to move a line from {@code from} to {@code to}. */
  public long transferPs(int from, int to) {
    return transferPs[to][from];
  }
}
