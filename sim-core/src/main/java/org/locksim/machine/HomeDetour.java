package org.locksim.machine;

import org.locksim.cpu.MissRoute;

/**
 * What a line's home adds to a transfer when it lies off the way between the requester and the
 * cache that answers ({@link MissRoute}). The pair's transfer, which core-to-core tables
 * measure, covers a request and its data crossing between two sockets once each; a home in a
 * third socket turns that into three crossings (requester to home, home to holder, holder to
 * requester). Each crossing is priced as one leg of the socket matrix: half of what a transfer
 * between the two sockets costs beyond a transfer inside them. So on a four-socket machine
 * whose sockets are all one hop apart, a remote miss whose home is in a third socket costs one
 * leg more, and under {@link MissRoute#HOME} a miss between two cores of one socket whose line
 * is homed elsewhere costs two legs more.
 */
final class HomeDetour {
  private final int[] socketOf;
  private final int sockets;
  /** Per socket pair, at {@code a * sockets + b}: one crossing from a to b (0 for a == b). */
  private final long[] legPs;
  private final MissRoute route;

  /** @param route where misses go, or null for no detour (a bus, a broadcast protocol) */
  HomeDetour(long[][] transferPs, int[] socketOf, MissRoute route) {
    this.socketOf = socketOf;
    this.route = route;
    int s = 0;
    for (int x : socketOf) {
      s = Math.max(s, x + 1);
    }
    this.sockets = s;
    long[] widest = new long[s * s];
    for (int a = 0; a < transferPs.length; a++) {
      for (int b = 0; b < transferPs.length; b++) {
        if (a != b) {
          int k = socketOf[a] * s + socketOf[b];
          widest[k] = Math.max(widest[k], transferPs[a][b]);
        }
      }
    }
    this.legPs = new long[s * s];
    for (int a = 0; a < s; a++) {
      for (int b = 0; b < s; b++) {
        if (a != b) {
          long inside = (widest[a * s + a] + widest[b * s + b]) / 2;
          legPs[a * s + b] = Math.max(0, widest[a * s + b] - inside) / 2;
        }
      }
    }
  }

  /** How many sockets the machine has. */
  int sockets() {
    return sockets;
  }

  /**
   * Whether the point that orders a request moves with its line: a socket's last-level cache
   * answers for the CPUs of its socket ({@link MissRoute#SOCKET}), and there is more than one
   * socket for the line to leave.
   */
  boolean orderedBySocket() {
    return route == MissRoute.SOCKET && sockets > 1;
  }

  /** {@code cpu}'s socket. */
  int socketOf(int cpu) {
    return socketOf[cpu];
  }

  /** One crossing from socket {@code a} to socket {@code b} (0 for one socket). */
  long legPs(int a, int b) {
    return legPs[a * sockets + b];
  }

  /** Whether any transfer can take a detour: a route, and more than one socket. */
  boolean any() {
    return route != null && sockets > 1;
  }

  /**
   * Whether the home in {@code homeCpu}'s socket is in the requester's: then it lies on the way
   * to any holder and adds nothing, whoever answers (a shortcut for {@link #ps}).
   */
  boolean homeBeside(int requester, int homeCpu) {
    return socketOf[requester] == socketOf[homeCpu];
  }

  /**
   * What the home in {@code homeCpu}'s socket adds to a miss of {@code requester} that
   * {@code holder} answers (the requester itself for an upgrade, which only the home grants).
   */
  long ps(int requester, int holder, int homeCpu) {
    if (route == null) {
      return 0;
    }
    int r = socketOf[requester];
    int o = socketOf[holder];
    if (route == MissRoute.SOCKET && r == o) {
      return 0;
    }
    int h = socketOf[homeCpu];
    return Math.max(0, legPs[r * sockets + h] + legPs[h * sockets + o] - legPs[r * sockets + o]);
  }
}
