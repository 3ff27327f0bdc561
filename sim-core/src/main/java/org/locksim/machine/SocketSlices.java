package org.locksim.machine;

/**
 * The slots of each socket, for finding the last-level-cache slice an address hashes to inside
 * a given socket: a line's address hashes to a slot among all CPUs, and inside a socket it
 * selects that slot when it is in the socket, else one of the socket's own slots chosen by the
 * same hash. Used for where per-CPU data and first-touched data are homed ({@link Machine}) and
 * for which slice of the writer's socket orders the re-reads of a line just written
 * ({@link ArrivalOrder}).
 */
final class SocketSlices {
  private final int[] socketOf;
  /** Per socket: its CPUs in order. */
  private final int[][] cpus;

  /** @param socket each CPU's socket */
  SocketSlices(int[] socket) {
    this.socketOf = socket.clone();
    int sockets = 0;
    for (int s : socket) {
      sockets = Math.max(sockets, s + 1);
    }
    int[] size = new int[sockets];
    for (int s : socket) {
      size[s]++;
    }
    this.cpus = new int[sockets][];
    for (int s = 0; s < sockets; s++) {
      cpus[s] = new int[size[s]];
      size[s] = 0;
    }
    for (int c = 0; c < socket.length; c++) {
      cpus[socket[c]][size[socket[c]]++] = c;
    }
  }

  /** The slot in {@code socket} that {@code hashed} selects there. */
  int slotIn(int socket, int hashed) {
    if (socketOf[hashed] == socket) {
      return hashed;
    }
    int[] own = cpus[socket];
    if (own.length == 0) {
      throw new IllegalStateException("socket " + socket + " has no CPU");
    }
    return own[Math.floorMod(hashed, own.length)];
  }

  /** CPU {@code cpu}'s socket. */
  int socketOf(int cpu) {
    return socketOf[cpu];
  }
}
