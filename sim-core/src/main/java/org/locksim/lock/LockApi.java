package org.locksim.lock;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.locksim.cpu.CpuSlot;
import org.locksim.cpu.Instr;
import org.locksim.lock.section.Critical;
import org.locksim.lock.spin.Spin;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Cpu;
import org.locksim.machine.FastPath;
import org.locksim.machine.KernelConfig;
import org.locksim.machine.Machine;
import org.locksim.machine.ReleaseStyle;
import org.locksim.sched.Kernel;
import org.locksim.sched.Routine;
import org.locksim.sched.Task;
import org.locksim.sched.TaskState;
import org.locksim.sched.WaitQueue;
import org.locksim.sched.WaitReason;

/**
 * The lock API: the locksim types a lock algorithm may use, whether bundled or in a plugin jar.
 * Everything else in locksim (the engine, the scheduler's run queues, the coherence model, the
 * scenario loader, the reports) is internal.
 *
 * <ul>
 *   <li>Registration: {@link LockProvider}, {@link LockRegistry}, {@link LockSpec},
 *       {@link LockFactory}.
 *   <li>Lifecycle and parameters: {@link Lock} (the base class: its cache line, its routines,
 *       the ground truth of who holds it), {@link LockEnv}, {@link ParamSpec},
 *       {@link LockParams}.
 *   <li>Steps and primitives: {@link Routine}, {@link Kernel} (loads, stores, release stores,
 *       CAS, xchg, fetch-add and fetch-or, pause, waits for a line to change, spinning while
 *       the owner runs, block and wake), {@link Task}, {@link WaitQueue}, {@link WaitReason},
 *       {@link TaskState}, {@link Instr}.
 *   <li>The machine a lock lives on: {@link Machine} (more cache lines, per-CPU lines, the
 *       topology), {@link CacheLine}, {@link Cpu}, {@link CpuSlot}, {@link KernelConfig},
 *       {@link FastPath}, {@link ReleaseStyle}.
 *   <li>What kernel locks share: {@link Spin} (spin lock entry and exit, pause loops),
 *       {@link Critical} (a UP critical section), {@link FastPaths}, {@link AsmFrame} (what an
 *       asm fast path's register constraints cost the function around it).
 *   <li>The contract, for a plugin's tests: the classes of {@code org.locksim.lock.contract}.
 * </ul>
 *
 * <p>It is enforced by package, class and method, not by comment: a bundled algorithm's classes
 * refer to no other locksim type and call no {@link Kernel} method outside
 * {@link #KERNEL_PRIMITIVES} ({@code LockApiTest}), and a plugin jar whose classes do is refused
 * when it is loaded ({@link org.locksim.plugin.PluginJars}).
 */
public final class LockApi {
  /** The API's classes (their nested classes are part of it too). */
  public static final List<Class<?>> TYPES = List.of(
      LockProvider.class, LockRegistry.class, LockSpec.class, LockFactory.class, Lock.class,
      LockEnv.class, ParamSpec.class, LockParams.class, LockApi.class,
      Routine.class, Kernel.class, Task.class, WaitQueue.class, WaitReason.class, TaskState.class,
      Instr.class, Machine.class, CacheLine.class, Cpu.class, CpuSlot.class, KernelConfig.class,
      FastPath.class, ReleaseStyle.class, Spin.class, Critical.class, FastPaths.class, AsmFrame.class,
      TaskWords.class);
  /**
   * The methods of {@link Kernel} that a lock may call: its primitives, and the system call
   * entry and exit that a user-space library's lock makes on its own (a futex mutex's
   * {@code futex_wait} and {@code futex_wake}). The others (making and starting tasks, the
   * tick, accounting, compute bursts, exit) are the scheduler's and the workloads'.
   */
  public static final Set<String> KERNEL_PRIMITIVES = Set.of(
      "pc", "next", "ret", "call", "result", "local", "setLocal", "task", "taskById", "tasks",
      "cpu", "cpuId", "now", "machine", "isa", "casFailureReads", "smp", "exec", "branch",
      "load", "loadAcquire", "store", "storeRelease", "storeField", "storeReleaseField", "cas",
      "xchg", "xchgField", "fetchAdd", "fetchOr", "fetchAndNot", "seen", "prefetchw", "fence",
      "spinWait", "spinWhile", "spinUntil", "spinWhileMasked", "spinUntilMasked",
      "spinUntilOrChanged", "awaitWrite",
      "preemptDisable", "preemptEnable", "needResched", "onCpu", "yield",
      "prepareToWait", "prepareToWaitAgain", "schedule", "finishWait", "wake", "wakeFirstInPlace",
      "syscallEnter", "syscallExit", "random");
  /** A package whose every class belongs to the API. */
  public static final String CONTRACT_PACKAGE = "org.locksim.lock.contract";

  private static final Set<String> NAMES =
      TYPES.stream().map(Class::getName).collect(Collectors.toUnmodifiableSet());

  private LockApi() { }

  /**
   * Whether locksim's class {@code name} (binary, with dots: {@code org.locksim.sched.Kernel}
   * or {@code org.locksim.lock.ParamSpec$Kind}) belongs to the API.
   */
  public static boolean allows(String name) {
    int nested = name.indexOf('$');
    String outer = nested < 0 ? name : name.substring(0, nested);
    return NAMES.contains(outer) || outer.startsWith(CONTRACT_PACKAGE + ".");
  }

  /**
   * Whether a lock may call method {@code name} of locksim's class {@code owner} (binary name):
   * any method of an API type, except that of {@link Kernel} only its primitives.
   */
  public static boolean allows(String owner, String name) {
    return allows(owner) && (!owner.equals(Kernel.class.getName()) || KERNEL_PRIMITIVES.contains(name));
  }
}
