package org.locksim.validation;

import java.util.List;

/**
 * An input of a bundled scenario that no publication gives (the unnamed machine's transfer
 * cost, a part nobody measured), with the plausible values it could take: the reproduction's
 * rows are computed under each, so that a reader sees how far the verdict hangs on it, and
 * no value is chosen because its rows pass.
 *
 * @param scenario the scenario file, relative to the scenarios folder
 * @param path the path {@code --set} takes ({@code machine.transfer.sameSocket.value})
 * @param values the values, as {@code --set} takes them, the bundled one among them
 * @param what what the input is and why it is unknown, in a few words
 * @param rows the rows the input concerns: those whose figure starts with this ("" for all)
 */
public record StandIn(String scenario, String path, List<String> values, String what, String rows) {
  public StandIn {
    values = List.copyOf(values);
    if (values.size() < 2) {
      throw new IllegalArgumentException("a stand-in has at least two values");
    }
  }

  /** Whether row {@code r} is one this input concerns. */
  public boolean concerns(Row r) {
    return r.figure().startsWith(rows);
  }
}
