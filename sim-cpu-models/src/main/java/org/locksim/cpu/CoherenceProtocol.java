package org.locksim.cpu;

/**
 * How a write reaches the other copies of a line: to the sharers the home knows of, or to
 * every CPU.
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
 * </ul>
 */
public enum CoherenceProtocol {
  DIRECTORY("directory"),
  BROADCAST("broadcast"),
  SNOOP_FILTER("snoopFilter");

  private final String jsonName;

  CoherenceProtocol(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The value of {@code coherence.protocol} in a model file. */
  public String jsonName() {
    return jsonName;
  }

  /** Whether an invalidation goes to the sharers only (directory or snoop filter). */
  public boolean invalidatesSharersOnly() {
    return this != BROADCAST;
  }

  /** The protocol with this model-file name, or null. */
  public static CoherenceProtocol fromJsonName(String name) {
    for (CoherenceProtocol p : values()) {
      if (p.jsonName.equals(name)) {
        return p;
      }
    }
    return null;
  }
}
