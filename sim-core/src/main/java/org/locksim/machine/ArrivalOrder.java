package org.locksim.machine;

/**
 * The order in which requests that CPUs issue together (the re-reads of the watchers of a line
 * just written) reach the slot that orders them ({@link LineWatchers} picks it: the line's
 * home, or the writer's socket's slice of it), which serves them one after another. On a
 * front-side bus: ring order over all agents from a slot, as the bus arbiter turns. Elsewhere
 * the slot sits in a socket: that socket's requests arrive first, in ring order from the slot;
 * another socket's arrive one link later, the nearer sockets first; and sockets equally far
 * send theirs over links of their own at once, so their requests arrive interleaved, each
 * socket's in its own ring order from the slot's place.
 */
final class ArrivalOrder {
  private final long[][] transferPs;
  private final boolean bus;
  private final SocketSlices sockets;
  /** Per slot, once asked for: each CPU's place in the order of arrival there. */
  private final int[][] rankFrom;
  /** Scratch for placing by rank: the CPU and token at each rank, -1 where none. */
  private int[] byRank;
  private long[] tokenByRank;

  ArrivalOrder(long[][] transferPs, SocketSlices sockets, boolean bus) {
    this.transferPs = transferPs;
    this.bus = bus;
    this.sockets = sockets;
    this.rankFrom = new int[transferPs.length][];
  }

  /**
   * Sorts the first {@code n} requesters (with their tokens) into the order they reach
   * {@code slot}. Every CPU has its own place in that order, so the order from each slot is
   * computed once ({@link #ranks}); a few requesters are sorted by insertion, many are placed
   * by rank in one pass over the CPUs (the order from the writer's socket changes with every
   * writer, so the watchers do not come back nearly sorted). A CPU listed twice is sorted by
   * insertion, which keeps its entries in the order given.
   */
  void sort(int[] cpus, long[] tokens, int n, int slot) {
    int[] rank = ranks(slot);
    if (n > SMALL && placeByRank(cpus, tokens, n, rank)) {
      return;
    }
    for (int i = 1; i < n; i++) {
      int c = cpus[i];
      long t = tokens[i];
      int r = rank[c];
      int j = i - 1;
      while (j >= 0 && rank[cpus[j]] > r) {
        cpus[j + 1] = cpus[j];
        tokens[j + 1] = tokens[j];
        j--;
      }
      cpus[j + 1] = c;
      tokens[j + 1] = t;
    }
  }

  /** Requesters up to this many are sorted by insertion. */
  private static final int SMALL = 16;

  /** Places the requesters by rank; false, with nothing moved, if a CPU is listed twice. */
  private boolean placeByRank(int[] cpus, long[] tokens, int n, int[] rank) {
    int all = rank.length;
    if (byRank == null) {
      byRank = new int[all];
      tokenByRank = new long[all];
      java.util.Arrays.fill(byRank, -1);
    }
    for (int i = 0; i < n; i++) {
      int r = rank[cpus[i]];
      if (byRank[r] >= 0) {
        for (int k = 0; k < i; k++) {
          byRank[rank[cpus[k]]] = -1;
        }
        return false;
      }
      byRank[r] = cpus[i];
      tokenByRank[r] = tokens[i];
    }
    int k = 0;
    for (int r = 0; r < all && k < n; r++) {
      if (byRank[r] >= 0) {
        cpus[k] = byRank[r];
        tokens[k++] = tokenByRank[r];
        byRank[r] = -1;
      }
    }
    return true;
  }

  /** Each CPU's place in the order requests reach {@code slot}, computed once per slot. */
  private int[] ranks(int slot) {
    int[] r = rankFrom[slot];
    if (r == null) {
      int all = transferPs.length;
      Integer[] order = new Integer[all];
      for (int c = 0; c < all; c++) {
        order[c] = c;
      }
      java.util.Arrays.sort(order, (a, b) -> Long.compare(key(a, slot), key(b, slot)));
      r = new int[all];
      for (int k = 0; k < all; k++) {
        r[order[k]] = k;
      }
      rankFrom[slot] = r;
    }
    return r;
  }

  /** Where a request of {@code cpu} falls among those reaching a home at {@code slot}. */
  private long key(int cpu, int slot) {
    if (bus) {
      return Math.floorMod(cpu - slot, transferPs.length);
    }
    int home = sockets.socketOf(slot);
    int s = sockets.socketOf(cpu);
    long link = s == home ? 0 : transferPs[slot][cpu];
    long ring = Math.floorMod(sockets.place(cpu) - sockets.place(slot), sockets.size(s));
    long turn = Math.floorMod(s - home, sockets.sockets());
    return (link << 32) | (ring << 12) | turn;
  }
}
