package org.locksim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.locksim.cpu.CpuSlot;
import org.locksim.machine.Machine;
import org.locksim.sched.CpuMask;
import org.locksim.sched.Kernel;
import org.locksim.sched.Task;

/**
 * Where a workload's tasks run: CPU affinity as {@code taskset -c} and
 * {@code numactl --physcpubind} set it, for the whole group of tasks or for each task, and a
 * placement policy.
 *
 * <ul>
 *   <li>{@link Policy#NONE}: task {@code i} starts on the {@code i}-th CPU of the group's list
 *       (wrapping around) and may run on any CPU of it; the scheduler decides. With no list,
 *       task {@code i} starts where Linux's fork balancing puts the {@code i}-th of threads
 *       started one after the other on an idle machine ({@link ForkBalance}: the emptiest
 *       socket, then core, SMT siblings last), wrapping around after every CPU.
 *   <li>{@link Policy#SPREAD}: task {@code i} is pinned to the {@code i}-th CPU of the spread
 *       order, restricted to the group's list: across packages first, then clusters, then
 *       cores, SMT siblings last, as OpenMP's {@code OMP_PROC_BIND=spread} over hardware
 *       threads places threads.
 *   <li>{@link Policy#COMPACT}: task {@code i} is pinned to the {@code i}-th CPU in topology
 *       order (package, cluster, core, SMT thread), which fills a package first and a core's
 *       SMT siblings before the next core, as Intel's {@code KMP_AFFINITY=compact}.
 * </ul>
 *
 * <p>A list per task pins task {@code i} to its own list instead (a list of one CPU pins it to
 * that CPU); the scheduler decides within a list of several.
 *
 * @param policy how tasks are spread over the group's CPUs
 * @param group the CPUs every task may use, or null for all
 * @param perTask one list per task, or empty
 */
public record Placement(Policy policy, CpuMask group, List<CpuMask> perTask) {
  /** No affinity: the scheduler decides, on every CPU. */
  public static final Placement NONE = new Placement(Policy.NONE, null, List.of());

  /** How tasks are spread over the group's CPUs. */
  public enum Policy {
    NONE("none"), SPREAD("spread"), COMPACT("compact");

    private final String jsonName;

    Policy(String jsonName) {
      this.jsonName = jsonName;
    }

    /** The name in a scenario file. */
    public String jsonName() {
      return jsonName;
    }
  }

  public Placement {
    Objects.requireNonNull(policy, "policy");
    perTask = List.copyOf(perTask);
    if (!perTask.isEmpty() && (policy != Policy.NONE || group != null)) {
      throw new IllegalArgumentException("a list per task takes no group list or policy");
    }
  }

  /** Each task pinned to its own CPU: task {@code i} to {@code cpus[i]}. */
  public static Placement pinned(int... cpus) {
    return new Placement(Policy.NONE, null, Arrays.stream(cpus).mapToObj(CpuMask::of).toList());
  }

  /**
   * Restricts task {@code i} of the workload to its CPUs and returns the CPU it starts on; the
   * caller starts it there.
   */
  public int place(Kernel kernel, Task t, int i) {
    CpuMask allowed = allowed(i, kernel.machine());
    kernel.setAffinity(t, allowed);
    return firstCpu(i, kernel.machine());
  }

  /** The CPUs task {@code i} may run on, or null for all. */
  public CpuMask allowed(int i, Machine m) {
    if (!perTask.isEmpty()) {
      return perTask.get(i % perTask.size());
    }
    if (policy == Policy.NONE) {
      return group;
    }
    return CpuMask.of(firstCpu(i, m));
  }

  /** The CPU task {@code i} starts on. */
  public int firstCpu(int i, Machine m) {
    if (!perTask.isEmpty()) {
      int[] own = perTask.get(i % perTask.size()).cpus();
      return own[(i / perTask.size()) % own.length];
    }
    int[] order = switch (policy) {
      case NONE -> group == null ? ForkBalance.spread(m, m.cpuCount()) : group.cpus();
      case SPREAD -> within(spreadOrder(m));
      case COMPACT -> within(compactOrder(m));
    };
    return order[i % order.length];
  }

  private int[] within(int[] order) {
    return group == null ? order : Arrays.stream(order).filter(group::contains).toArray();
  }

  /**
   * Every CPU in spread order: one per package in turn, within a package one per cluster in
   * turn, then the next core of each, SMT siblings after every core's first thread.
   */
  public static int[] spreadOrder(Machine m) {
    List<CpuSlot> slots = new ArrayList<>();
    for (int c = 0; c < m.cpuCount(); c++) {
      slots.add(m.cpu(c).slot());
    }
    // A core's rank within its package's cluster: cores are numbered machine-wide.
    Map<Long, Integer> firstCore = new HashMap<>();
    for (CpuSlot s : slots) {
      firstCore.merge(((long) s.socket() << 32) | s.cluster(), s.core(), Math::min);
    }
    Comparator<CpuSlot> order = Comparator.comparingInt(CpuSlot::thread)
        .thenComparingInt(s -> s.core() - firstCore.get(((long) s.socket() << 32) | s.cluster()))
        .thenComparingInt(CpuSlot::cluster)
        .thenComparingInt(CpuSlot::socket)
        .thenComparingInt(CpuSlot::id);
    return slots.stream().sorted(order).mapToInt(CpuSlot::id).toArray();
  }

  /** Every CPU in topology order: package, cluster, core, SMT thread (the CPU numbers). */
  public static int[] compactOrder(Machine m) {
    List<CpuSlot> slots = new ArrayList<>();
    for (int c = 0; c < m.cpuCount(); c++) {
      slots.add(m.cpu(c).slot());
    }
    return slots.stream().sorted(Comparator.comparingInt(CpuSlot::socket)
            .thenComparingInt(CpuSlot::cluster).thenComparingInt(CpuSlot::core)
            .thenComparingInt(CpuSlot::thread))
        .mapToInt(CpuSlot::id).toArray();
  }
}
