package org.locksim.cpu;

/**
 * How far a cache line travels between two CPUs, as the level of the {@link Topology} at which
 * they part: nowhere (the same CPU), to the other hardware thread of the same core, within a
 * cluster of cores that share a cache, within a socket, or across sockets. Each class is one
 * key of a model's {@code transfer} object; {@link ClusterPairs} and {@link SocketMatrix}
 * refine the last two where a machine's pairs differ.
 */
public enum Distance implements JsonNamed {
  SELF("self"),
  SMT_SIBLING("smtSibling"),
  SAME_CLUSTER("sameCluster"),
  SAME_SOCKET("sameSocket"),
  OTHER_SOCKET("otherSocket");

  private final String jsonName;

  Distance(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The key in a model file's {@code transfer} object. */
  @Override
  public String jsonName() {
    return jsonName;
  }

  public static Distance fromJsonName(String name) {
    return JsonNamed.find(values(), name);
  }
}
