package org.locksim.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * An input of a bundled scenario that no publication gives (the unnamed machine's transfer
 * cost, a part nobody measured, whether the box had Hyper-Threading), with the plausible
 * values it could take: the reproduction's rows are computed under each, so that a reader sees
 * how far the verdict hangs on it, and no value is chosen because its rows pass.
 *
 * @param scenario the scenario file, relative to the scenarios folder
 * @param path what varies, as the page's heading names it: the path {@code --set} takes
 *     ({@code machine.transfer.sameSocket.value}), or a few words when a choice sets several
 * @param choices the values, the bundled one among them
 * @param what what the input is and why it is unknown, in a few words
 * @param rows the rows the input concerns: those whose figure starts with this ("" for all)
 */
public record StandIn(String scenario, String path, List<Choice> choices, String what, String rows) {
  /**
   * One value of the input: how the page names it, and the assignments ({@code PATH=VALUE}, as
   * {@code --set} takes them) that give it, more than one when the value decides how other
   * inputs are derived (a workload's cycles from published times on that machine).
   */
  public record Choice(String label, List<String> sets) {
    public Choice {
      sets = List.copyOf(sets);
      if (sets.isEmpty()) {
        throw new IllegalArgumentException("a choice sets at least one path");
      }
    }
  }

  public StandIn {
    choices = List.copyOf(choices);
    if (choices.size() < 2) {
      throw new IllegalArgumentException("a stand-in has at least two values");
    }
  }

  /** A stand-in of one path, each value set through it and named by itself. */
  public static StandIn ofValues(String scenario, String path, List<String> values, String what,
      String rows) {
    List<Choice> out = new ArrayList<>();
    for (String v : values) {
      out.add(new Choice(v, List.of(path + "=" + v)));
    }
    return new StandIn(scenario, path, out, what, rows);
  }

  /** Whether row {@code r} is one this input concerns. */
  public boolean concerns(Row r) {
    return r.figure().startsWith(rows);
  }
}
