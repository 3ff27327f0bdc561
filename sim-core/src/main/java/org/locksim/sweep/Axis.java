package org.locksim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.Location;

/**
 * One axis of a sweep: a scenario field, in {@code --set}'s path syntax, and the values it
 * takes, as written on the command line ({@code machine.transfer.sameSocket.value=30,45,60}).
 *
 * @param path the field, as {@code --set} names it
 * @param values each value's text, as {@code --set} takes it
 * @param columns the 1-based column of each value in the {@code --vary} argument, so that an
 *     error in a value can point at it
 */
public record Axis(String path, List<String> values, List<Integer> columns) {
  /** The file name given to errors in a {@code --vary} argument. */
  public static final String OPTION = "--vary";

  public Axis {
    values = List.copyOf(values);
    columns = List.copyOf(columns);
    if (columns.size() != values.size()) {
      throw new IllegalArgumentException("a column for each value");
    }
  }

  /**
   * Reads {@code PATH=V1,V2,...}. Values are split at commas outside braces, brackets and
   * quotes, so a value may be a JSON object or array.
   *
   * @throws InputError located in {@value #OPTION} at the offending column
   */
  public static Axis parse(String arg) {
    int eq = arg.indexOf('=');
    if (eq <= 0) {
      throw new InputError(new Location(OPTION, "", 1, 1), "malformed --vary \"" + arg
          + "\"; expected PATH=V1,V2,..., e.g. workload.tasks=16,32,64", Optional.empty());
    }
    List<String> values = new ArrayList<>();
    List<Integer> columns = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    int start = eq + 1;
    for (int i = start; i <= arg.length(); i++) {
      char c = i < arg.length() ? arg.charAt(i) : ',';
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        depth--;
      } else if (c == ',' && depth <= 0) {
        String raw = arg.substring(start, Math.min(i, arg.length()));
        String v = raw.strip();
        if (v.isEmpty()) {
          throw new InputError(new Location(OPTION, "", 1, start + 1), "empty value in --vary \""
              + arg + "\"; expected PATH=V1,V2,...", Optional.empty());
        }
        values.add(v);
        columns.add(start + raw.indexOf(v) + 1);
        start = i + 1;
      }
    }
    if (quoted || depth != 0) {
      // The last value would be dropped without a word: an unclosed quote or bracket is an error.
      String what = quoted ? "a quote that is never closed" : depth > 0 ? "a bracket or brace that is never closed"
          : "a closing bracket or brace that was never opened";
      throw new InputError(new Location(OPTION, "", 1, start + 1), "malformed --vary \"" + arg + "\": the value"
          + " starting here has " + what, Optional.empty());
    }
    return new Axis(arg.substring(0, eq), values, columns);
  }

  /**
   * Refuses a field varied by two {@code --vary}s, which would make one of them meaningless
   * (the later one's values override the earlier one's at every point).
   */
  public static void checkDistinct(List<Axis> axes) {
    for (int i = 0; i < axes.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (axes.get(i).path().equals(axes.get(j).path())) {
          throw new InputError(new Location(OPTION, "", 1, 1), axes.get(i).path() + " is varied by two --vary"
              + " options; give all its values in one, " + axes.get(i).path() + "=V1,V2,...", Optional.empty());
        }
      }
    }
  }

  /** The {@code --set} assignment of value {@code i}. */
  String assignment(int i) {
    return path + "=" + values.get(i);
  }

  /**
   * Moves an error in {@link #assignment(int) assignment} {@code i}, located in {@code --set},
   * to where its text stands in the {@code --vary} argument.
   */
  InputError relocate(InputError e, int i) {
    int column = e.column() > path.length() + 1
        ? e.column() - (path.length() + 1) + columns.get(i) - 1
        : e.column();
    return new InputError(new Location(OPTION, e.path(), 1, column),
        e.message() + " (value " + values.get(i) + " of --vary " + path + ")", e.suggestion());
  }
}
