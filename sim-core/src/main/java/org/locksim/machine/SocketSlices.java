package org.locksim.machine;

/**
 * The slots of each socket, for finding the last-level-cache slice an address hashes to inside
 * a given socket: a line's address hashes to a slot among all CPUs, and inside a socket it
 * selects that slot when it is in the socket, else one of the socket's own slots chosen by the
 * same hash. Used for where per-CPU data and first-touched data are homed ({@link Machine}) and
 * for the order in which the re-reads of a line just written arrive ({@link ArrivalOrder},
 * {@link LineWatchers}).
 */
final class SocketSlices {
  private final int[] socketOf;
  /** Per CPU: its place among its socket's CPUs. */
  private final int[] place;
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
    this.place = new int[socket.length];
    for (int c = 0; c < socket.length; c++) {
      place[c] = size[socket[c]];
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

  /** CPU {@code cpu}'s place among its socket's CPUs. */
  int place(int cpu) {
    return place[cpu];
  }

  /** How many CPUs {@code socket} has. */
  int size(int socket) {
    return cpus[socket].length;
  }

  /** How many sockets there are. */
  int sockets() {
    return cpus.length;
  }
}
