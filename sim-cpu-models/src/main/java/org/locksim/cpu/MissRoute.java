package org.locksim.cpu;

/**
 * Where a miss goes before another cache answers it, which decides whether the line's home
 * adds to the transfer. On a point-to-point machine every line has a home: the socket whose
 * memory holds it, where its directory entry or probe-filter entry lives. A request the home
 * must order travels to the home, the home sends it on to the cache holding the line, and that
 * cache sends the data to the requester: three legs where the pair of CPUs alone would need two
 * (Sorin, Hill and Wood, "A Primer on Memory Consistency and Cache Coherence", 2nd ed. 2020,
 * ch. 8, the three-hop forward of a directory protocol).
 *
 * <ul>
 *   <li>{@link #SOCKET}: a socket's last-level cache answers for its own CPUs (the core-valid
 *       bits of an inclusive L3, a per-socket snoop filter), so a miss goes to the home only
 *       when it leaves the socket, and costs more than the pair's transfer only when the home is
 *       in a third socket: Intel's home snoop with a directory in memory (Haswell-EX and later
 *       four- and eight-socket Xeons), whose remote misses take three hops when the memory is
 *       on neither socket (David, Guerraoui and Trigonakis, SOSP 2013: one more hop each way
 *       costs a Westmere-EX 111 cycles, 289 to 400, in its Table 2).
 *   <li>{@link #HOME}: every miss is ordered at the home, even one the requester's own socket
 *       could answer: AMD K10 with HT Assist, whose probe filter lives in the home node's L3
 *       and directs every probe (Conway et al., "Cache hierarchy and memory subsystem of the
 *       AMD Opteron processor", IEEE Micro 30(2), 2010). A line homed on another socket costs
 *       two legs more even between two cores of one die.
 * </ul>
 *
 * <p>With one or two sockets and {@link #SOCKET} the rule adds nothing: the home is in the
 * requester's socket or the holder's. On a front-side bus and under a broadcast protocol the
 * requester's probe reaches every cache itself, and there is no detour.
 */
public enum MissRoute implements JsonNamed {
  SOCKET("socket"),
  HOME("home");

  private final String jsonName;

  MissRoute(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The value of {@code coherence.missRoute.value} in a model file. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  /** The route with this model-file name, or null. */
  public static MissRoute fromJsonName(String name) {
    return JsonNamed.find(values(), name);
  }
}
