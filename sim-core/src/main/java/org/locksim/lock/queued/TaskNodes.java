package org.locksim.lock.queued;

import java.util.ArrayList;
import java.util.List;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;

/**
 * The queue nodes of a lock whose waiters bring their own (MCS and the CNA of its paper): one
 * line per task, made the first time the task queues and reused after. (qspinlock's are per
 * CPU instead: {@link QNodes}.)
 *
 * <p>A node's memory is on the node of the CPU its task ran on when it first queued: the task
 * allocates and first writes its node itself, and Linux places a page on the node of the CPU
 * that first touches it (the default memory policy, {@code MPOL_DEFAULT}; Documentation/
 * admin-guide/mm/numa_memory_policy.rst). MCS assume the same: each processor spins on a
 * node in its own local memory (Mellor-Crummey and Scott, ACM TOCS 9(1), 1991, section 2).
 */
final class TaskNodes {
  private final Machine machine;
  private final String prefix;
  private final int words;
  private final List<CacheLine> nodes = new ArrayList<>();

  /** Nodes of {@code words} words, named {@code prefix/task id}. */
  TaskNodes(Machine machine, String prefix, int words) {
    this.machine = machine;
    this.prefix = prefix;
    this.words = words;
  }

  /**
   * The running task's node, made on its first use with its memory on the node of {@code cpu},
   * the CPU the task runs on.
   */
  CacheLine mine(int id, int cpu) {
    while (nodes.size() <= id) {
      nodes.add(null);
    }
    CacheLine n = nodes.get(id);
    if (n == null) {
      n = machine.newLineHomedAt(prefix + "/" + id, words, cpu);
      nodes.set(id, n);
    }
    return n;
  }

  /** Task {@code id}'s node, which that task has made by queueing. */
  CacheLine of(int id) {
    CacheLine n = id < nodes.size() ? nodes.get(id) : null;
    if (n == null) {
      throw new IllegalStateException("task " + id + " has not queued on " + prefix);
    }
    return n;
  }
}
