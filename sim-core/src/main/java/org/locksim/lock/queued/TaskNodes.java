package org.locksim.lock.queued;

import java.util.ArrayList;
import java.util.List;
import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;

/**
 * The queue nodes of a lock whose waiters bring their own (MCS and the CNA of its paper): one
 * line per task, made the first time the task queues and reused after. (qspinlock's are per
 * CPU instead: {@link QNodes}.)
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

  /** Task {@code id}'s node, made on first use. */
  CacheLine of(int id) {
    while (nodes.size() <= id) {
      nodes.add(null);
    }
    CacheLine n = nodes.get(id);
    if (n == null) {
      n = machine.newLine(prefix + "/" + id, words);
      nodes.set(id, n);
    }
    return n;
  }
}
