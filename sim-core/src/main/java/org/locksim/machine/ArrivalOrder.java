package org.locksim.machine;

/**
 * The order in which requests that CPUs issue together (the re-reads of the watchers of a line
 * just written) reach the line's home, which serves them one after another. On a front-side
 * bus: ring order over all agents from a slot, as the bus arbiter turns. Elsewhere the home
 * sits in its slot's socket: that socket's requests arrive first, in ring order from the slot;
 * another socket's arrive one link later, the nearer sockets first; and sockets equally far
 * send theirs over links of their own at once, so their requests arrive interleaved, each
 * socket's in its own ring order from the slot's place.
 */
final class ArrivalOrder {
  private final long[][] transferPs;
  private final boolean bus;
  /** Per CPU: its socket, and its place among its socket's CPUs. */
  private final int[] socketOf;
  private final int[] placeInSocket;
  private final int[] socketSize;
  private long[] keys = new long[4];

  /** @param socket each CPU's socket */
  ArrivalOrder(long[][] transferPs, int[] socket, boolean bus) {
    this.transferPs = transferPs;
    this.bus = bus;
    int n = socket.length;
    this.socketOf = socket.clone();
    this.placeInSocket = new int[n];
    int sockets = 0;
    for (int s : socket) {
      sockets = Math.max(sockets, s + 1);
    }
    this.socketSize = new int[sockets];
    for (int cpu = 0; cpu < n; cpu++) {
      placeInSocket[cpu] = socketSize[socket[cpu]]++;
    }
  }

  /**
   * Sorts the first {@code n} requesters (with their tokens) into the order they reach a home
   * at {@code slot}: an insertion sort, since the watchers of the last write come back in this
   * order and the list is nearly sorted.
   */
  void sort(int[] cpus, long[] tokens, int n, int slot) {
    if (keys.length < n) {
      keys = new long[Math.max(n, 2 * keys.length)];
    }
    for (int i = 0; i < n; i++) {
      keys[i] = key(cpus[i], slot);
    }
    for (int i = 1; i < n; i++) {
      int c = cpus[i];
      long t = tokens[i];
      long key = keys[i];
      int j = i - 1;
      while (j >= 0 && keys[j] > key) {
        cpus[j + 1] = cpus[j];
        tokens[j + 1] = tokens[j];
        keys[j + 1] = keys[j];
        j--;
      }
      cpus[j + 1] = c;
      tokens[j + 1] = t;
      keys[j + 1] = key;
    }
  }

  /** Where a request of {@code cpu} falls among those reaching a home at {@code slot}. */
  private long key(int cpu, int slot) {
    if (bus) {
      return Math.floorMod(cpu - slot, transferPs.length);
    }
    int home = socketOf[slot];
    int s = socketOf[cpu];
    long link = s == home ? 0 : transferPs[slot][cpu];
    long ring = Math.floorMod(placeInSocket[cpu] - placeInSocket[slot], socketSize[s]);
    long turn = Math.floorMod(s - home, socketSize.length);
    return (link << 32) | (ring << 12) | turn;
  }
}
