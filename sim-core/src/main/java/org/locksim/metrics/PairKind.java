package org.locksim.metrics;

/**
 * How two CPUs of a core-to-core latency table stand to each other: the groups the
 * core-to-core-latency tool's published tables summarise (SMT sibling, same socket, other
 * socket), with same-socket pairs split by cluster (a CCX, an Apple P or E cluster).
 */
public enum PairKind {
  SMT_SIBLING("SMT sibling"),
  /** Two cores of a socket that has one cluster. */
  SAME_SOCKET("same socket"),
  /** Two cores of one cluster, in a socket of several. */
  SAME_CLUSTER("within cluster"),
  /** Two cores of different clusters of one socket. */
  OTHER_CLUSTER("between clusters"),
  OTHER_SOCKET("other socket");

  private final String label;

  PairKind(String label) {
    this.label = label;
  }

  /** The name in tables, CSV and JSON. */
  public String label() {
    return label;
  }
}
