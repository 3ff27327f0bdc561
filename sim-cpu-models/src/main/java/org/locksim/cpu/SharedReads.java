package org.locksim.cpu;

/**
 * Who serves a read of a line that other caches hold shared, which decides how long the
 * line's home is kept from its next request.
 *
 * <p>A home (directory, snoop filter, LLC slice) serves one transaction to a line at a time:
 * while a request waits for another cache to supply the data the line is in a transient state,
 * and the next request to it waits until the first completes (the blocking directory
 * controllers of Sorin, Hill and Wood, "A Primer on Memory Consistency and Cache Coherence",
 * 2nd ed. 2020, ch. 8). A read of a line some cache owns (modified or exclusive) is always
 * forwarded that way. What differs between machines is a read of a line held shared:
 *
 * <ul>
 *   <li>{@link #HOME}: the home holds the data of a shared line itself (an inclusive last-level
 *       cache; memory, which a front-side bus's implicit write-back updates), so such a read
 *       keeps the home busy for its occupancy only, and N readers are served one pipeline
 *       occupancy apart;
 *   <li>{@link #FORWARDED}: the shared line's data lives only in the cores' caches (a
 *       non-inclusive or victim last-level cache; MOESI's owned state, MESIF's forward state
 *       without an LLC copy), so each read is forwarded to a holder and the home waits for it:
 *       N readers are served one cache-to-cache transfer apart, the serialisation
 *       Boyd-Wickizer et al. ("Non-scalable locks are dangerous", Linux Symposium 2012)
 *       measured as a ticket lock's collapse on a 48-core Opteron.
 * </ul>
 */
public enum SharedReads implements JsonNamed {
  HOME("home"),
  FORWARDED("forwarded");

  private final String jsonName;

  SharedReads(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The value of {@code coherence.sharedReads.value} in a model file. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  /** The rule with this model-file name, or null. */
  public static SharedReads fromJsonName(String name) {
    return JsonNamed.find(values(), name);
  }
}
