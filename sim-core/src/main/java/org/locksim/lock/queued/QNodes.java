package org.locksim.lock.queued;

import org.locksim.machine.CacheLine;
import org.locksim.machine.Machine;

/**
 * The per-CPU MCS nodes of every qspinlock of a machine: Linux's
 * {@code static DEFINE_PER_CPU_ALIGNED(struct qnode, qnodes[MAX_NODES])} in
 * kernel/locking/qspinlock.c (v5.12), four nodes per CPU, one for each context that may nest
 * (task, softirq, hardirq, NMI), on the CPU's own cache line. Every qspinlock and CNA lock of
 * the machine uses the same nodes, as the kernel does.
 *
 * <p>A node's words: {@code next} (the encoded tail of the next node, 0 for NULL), {@code locked}
 * (1 when the MCS lock is passed; CNA: the encoded tail of the secondary queue), {@code count}
 * (on node 0 only: the nesting depth) and CNA's {@code numa_node} and {@code start_time}. The
 * CNA fields make the struct 32 bytes in the series (two nodes a line); locksim keeps all four
 * nodes on one line, which changes nothing while tasks never nest spin locks in interrupts.
 */
final class QNodes {
  static final String NAME = "qnodes";
  static final int MAX_NODES = 4;
  static final int NEXT = 0;
  static final int LOCKED = 1;
  static final int COUNT = 2;
  static final int NUMA = 3;
  static final int START = 4;
  private static final int WORDS = 5;

  private final Machine machine;
  /** The lines asked for so far, by CPU (the machine's, looked up once). */
  private final CacheLine[] lines;

  QNodes(Machine machine) {
    this.machine = machine;
    this.lines = new CacheLine[machine.cpuCount()];
  }

  /** CPU {@code cpu}'s line of nodes. */
  CacheLine line(int cpu) {
    CacheLine l = lines[cpu];
    if (l == null) {
      l = machine.perCpuLine(NAME, cpu, MAX_NODES * WORDS);
      lines[cpu] = l;
    }
    return l;
  }

  /** The line of the node an encoded tail names. */
  CacheLine lineOf(long tail) {
    return line(QWord.tailCpu(tail));
  }

  /** The word of {@code field} of node {@code idx} on its CPU's line. */
  static int word(int idx, int field) {
    return idx * WORDS + field;
  }

  /** The word of {@code field} of the node an encoded tail names. */
  static int wordOf(long tail, int field) {
    return word(QWord.tailIdx(tail), field);
  }
}
