package org.locksim.machine;

import org.locksim.cpu.MissRoute;

/**
 * Tells the CPUs watching a line (event-driven spinners holding a shared copy) that it was
 * written, in the order their re-reads reach the place that orders them ({@link ArrivalOrder}).
 *
 * <p>Where a socket's last-level cache answers for its own CPUs (an inclusive L3's core-valid
 * bits, a per-socket snoop filter: {@link org.locksim.cpu.MissRoute#SOCKET}, and a broadcast
 * protocol, whose requester's own L3 answers when the line is in its socket), the line just
 * written is in the writer's socket, and the re-reads of that socket's CPUs are ordered by the
 * slice of its L3 the line's address selects, without leaving the socket; the other sockets'
 * requests reach that slice a link later, through the line's home. So the writer's socket's
 * re-reads come first, whichever socket the line's memory is on. Where every miss is ordered at
 * the home ({@link org.locksim.cpu.MissRoute#HOME}) they come in the order they reach the
 * home's slot; on a bus, by the arbiter's rotation.
 */
final class LineWatchers {
  private final ArrivalOrder arrival;
  private final LineListener listener;
  /** The CPUs' count, for the bus's rotating priority; 0 where each line has its own home. */
  private final int busAgents;
  /** The sockets' slots, when the writer's socket orders the re-reads; else null. */
  private final SocketSlices writerSocket;

  /**
   * The watchers of a machine whose transfers, home rules and sockets are these: on a bus by
   * the arbiter's rotation, where every miss goes to the home by the home's slot, elsewhere by
   * the writer's socket's slice.
   */
  static LineWatchers of(long[][] transferPs, HomeRules rules, int[] socket, LineListener listener) {
    boolean bus = rules.oneBus();
    SocketSlices sockets = new SocketSlices(socket);
    return new LineWatchers(new ArrivalOrder(transferPs, sockets, bus), listener,
        bus ? transferPs.length : 0, bus || rules.route() == MissRoute.HOME ? null : sockets);
  }

  /**
   * @param writerSocket the sockets' slots when the writer's socket's last-level cache orders
   *     the re-reads of its CPUs, or null when the home orders every request
   */
  LineWatchers(ArrivalOrder arrival, LineListener listener, int busAgents,
      SocketSlices writerSocket) {
    this.arrival = arrival;
    this.listener = listener;
    this.busAgents = busAgents;
    this.writerSocket = writerSocket;
  }

  /**
   * Tells the watchers of {@code line} that {@code writer} wrote it, visible at
   * {@code visibleAt}. The re-reads are ordered from the slice of the writer's socket the line
   * selects, or from the line's home slot where the home orders every miss (see above); on a
   * front-side bus from the agent after the writer, the last bus owner, since the
   * P6 bus grants requests made together by rotating priority from the agent that owned it last
   * (Intel, Pentium Pro Family Developer's Manual vol. 1, ch. 4, bus arbitration).
   */
  void written(CacheLine line, int writer, long visibleAt) {
    int n = line.watchCount;
    if (n == 0) {
      return;
    }
    int slot = busAgents > 0 ? (writer + 1) % busAgents
        : writerSocket == null || writer < 0 ? line.homeSlot
        : writerSocket.slotIn(writerSocket.socketOf(writer), line.homeSlot);
    // Swap in the spare arrays, so that listeners may watch the line again while we go on.
    int[] cpus = line.watchCpu;
    long[] tokens = line.watchToken;
    line.watchCpu = line.spareCpu;
    line.watchToken = line.spareToken;
    line.watchCount = 0;
    arrival.sort(cpus, tokens, n, slot);
    for (int i = 0; i < n; i++) {
      listener.lineWritten(cpus[i], tokens[i], visibleAt);
    }
    line.spareCpu = cpus;
    line.spareToken = tokens;
  }
}
