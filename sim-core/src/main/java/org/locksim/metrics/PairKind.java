package org.locksim.metrics;

/**
 * How two CPUs of a core-to-core latency table stand to each other: the groups the
 * core-to-core-latency tool's published tables summarise (SMT sibling, same socket, other
 * socket), with same-socket pairs split by cluster (a CCX, an Apple P or E cluster).
 */
public enum PairKind {
  SMT_SIBLING("SMT sibling"),
  SAME_CLUSTER("within cluster"),
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
