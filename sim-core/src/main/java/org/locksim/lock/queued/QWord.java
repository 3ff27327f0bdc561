package org.locksim.lock.queued;

/**
 * The 32-bit word of Linux's qspinlock and the encoding of its tail, as
 * include/asm-generic/qspinlock_types.h lays them out when {@code _Q_PENDING_BITS == 8}
 * (x86, fewer than 16K CPUs; v5.12):
 *
 * <pre>
 *  bits  0- 7: locked byte
 *  bits  8-15: pending byte
 *  bits 16-17: tail index (the nesting level of the per-CPU node)
 *  bits 18-31: tail cpu (+1)
 * </pre>
 *
 * <p>A tail ({@code encode_tail}) doubles as the simulator's pointer to an MCS node: the
 * {@code next} word of a node holds the encoded tail of the node after it, or 0 for NULL, and
 * CNA keeps the encoded tail of its secondary queue in {@code locked}, as the series does.
 */
final class QWord {
  static final long LOCKED_VAL = 1;
  static final long LOCKED_MASK = 0xffL;
  static final long PENDING_VAL = 1L << 8;
  static final long PENDING_MASK = 0xffL << 8;
  static final long LOCKED_PENDING_MASK = LOCKED_MASK | PENDING_MASK;
  static final int TAIL_IDX_OFFSET = 16;
  static final int TAIL_CPU_OFFSET = 18;
  static final long TAIL_MASK = 0xffffL << 16;

  /**
   * x86's {@code _Q_PENDING_LOOPS} ({@code 1 << 9}, arch/x86/include/asm/qspinlock.h): how many
   * passes a locker waits while the word shows only a pending waiter that is about to take it.
   */
  static final long PENDING_LOOPS = 1 << 9;

  private QWord() { }

  /** {@code encode_tail(cpu, idx)}: never 0 or 1, so it is told apart from NULL and from locked = 1. */
  static long encodeTail(int cpu, int idx) {
    return ((cpu + 1L) << TAIL_CPU_OFFSET) | ((long) idx << TAIL_IDX_OFFSET);
  }

  static int tailCpu(long tail) {
    return (int) ((tail & TAIL_MASK) >>> TAIL_CPU_OFFSET) - 1;
  }

  static int tailIdx(long tail) {
    return (int) ((tail >>> TAIL_IDX_OFFSET) & 3);
  }
}
