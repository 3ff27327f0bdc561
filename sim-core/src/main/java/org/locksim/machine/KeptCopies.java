package org.locksim.machine;

/**
 * Per CPU, the line its last access, an atomic, left in its cache, and the words as the atomic
 * left them. Exclusive requests queued behind that atomic take the line from the CPU only once
 * their transfer is under way, so the instruction after a failed CAS still reads the line as
 * the CAS left it (FreeBSD's {@code v = m->mtx_lock} after {@code _mtx_obtain_lock}), not as
 * the queued requests will leave it.
 */
final class KeptCopies {
  private final CacheLine[] line;
  private final long[] until;
  private final long[][] words;

  KeptCopies(int cpus) {
    this.line = new CacheLine[cpus];
    this.until = new long[cpus];
    this.words = new long[cpus][];
  }

  /** Whether {@code cpu} still has the copy of {@code l} its last atomic left at {@code now}. */
  boolean keeps(int cpu, CacheLine l, long now) {
    return line[cpu] == l && now < until[cpu];
  }

  /** Word {@code w} of the kept copy. */
  long word(int cpu, int w) {
    return words[cpu][w];
  }

  void forget(int cpu) {
    line[cpu] = null;
  }

  /** {@code cpu}'s atomic left {@code l} in its cache, with the words it has now. */
  void keep(int cpu, CacheLine l) {
    line[cpu] = l;
    until[cpu] = Long.MAX_VALUE;
    long[] w = words[cpu];
    if (w == null || w.length != l.words.length) {
      w = new long[l.words.length];
      words[cpu] = w;
    }
    System.arraycopy(l.words, 0, w, 0, w.length);
  }

  /**
   * {@code cpu}'s atomic took {@code l} from under another CPU's buffered stores: it keeps the
   * words as it sees them, without the stores still buffered.
   */
  void keepBeforeWindow(int cpu, CacheLine l) {
    keep(cpu, l);
    long[] w = words[cpu];
    for (int i = 0; i < w.length; i++) {
      w[i] = l.wordBeforeWindow(i);
    }
  }

  /** The line whose coherence state is {@code home} leaves {@code cpu} at {@code at}. */
  void leaves(int cpu, CacheLine home, long at) {
    if (line[cpu] != null && line[cpu].home == home) {
      until[cpu] = Math.min(until[cpu], at);
    }
  }
}
