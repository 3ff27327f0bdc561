package org.locksim.cpu;

/**
 * How a write reaches the other copies of a line (to the sharers the home knows of, or to
 * every CPU), and whether all lines share one home.
 *
 * <ul>
 *   <li>{@link #DIRECTORY}: the home keeps a sharer list (directory bits, core-valid bits of an
 *       inclusive LLC) and sends invalidations only to the sharers, in parallel; the write
 *       waits for the farthest acknowledgement.
 *   <li>{@link #SNOOP_FILTER}: a filter (AMD's probe filter, Apple's and Intel's snoop
 *       filters) records which caches may hold the line and probes only those, in parallel:
 *       priced as a directory.
 *   <li>{@link #BROADCAST}: the home knows no sharers and probes every CPU (a front-side bus
 *       snoop, a broadcast probe); the write waits for the farthest CPU of the machine,
 *       whatever the sharers.
 *   <li>{@link #BUS}: a snooping front-side bus (P6, NetBurst): every CPU snoops every
 *       transaction, as under {@link #BROADCAST}, and the bus is one medium that every miss of
 *       every line occupies for its transaction. So the misses of different lines queue
 *       behind one another: test-and-set waiters' atomics on the lock's line delay the
 *       holder's own misses on the data it protects, the bus saturation behind the
 *       textbook's ordering of test-and-set below test-and-test-and-set (T. E. Anderson,
 *       IEEE TPDS 1(1), 1990, on the bus of a Sequent Symmetry; Herlihy and Shavit, <i>The
 *       Art of Multiprocessor Programming</i>, ch. 7). On point-to-point machines each line's
 *       home is its own (a directory entry, an LLC slice), and misses of different lines
 *       do not queue behind one another.
 * </ul>
 */
public enum CoherenceProtocol implements JsonNamed {
  DIRECTORY("directory"),
  BROADCAST("broadcast"),
  SNOOP_FILTER("snoopFilter"),
  BUS("bus");

  private final String jsonName;

  CoherenceProtocol(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The value of {@code coherence.protocol} in a model file. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  /** Whether an invalidation goes to the sharers only (directory or snoop filter). */
  public boolean invalidatesSharersOnly() {
    return this == DIRECTORY || this == SNOOP_FILTER;
  }

  /** Whether every miss of every line occupies one shared medium (a front-side bus). */
  public boolean oneMedium() {
    return this == BUS;
  }

  /** The protocol with this model-file name, or null. */
  public static CoherenceProtocol fromJsonName(String name) {
    return JsonNamed.find(values(), name);
  }
}
