package org.locksim.lock;

import java.util.List;
import java.util.Objects;

/**
 * One parameter of a lock algorithm: its name, kind, default, range or choices, and what it
 * means. The scenario loader reads a lock's {@code params} object against these.
 *
 * @param name key in the scenario's {@code params} object
 * @param kind value type
 * @param defaultValue value when absent ({@link Integer}, {@link Long}, {@link Double},
 *     {@link Boolean} or {@link String}); {@code null} for a choice means "the kernel's"
 * @param min least value, for numbers
 * @param max greatest value, for numbers
 * @param choices allowed values, for choices
 * @param doc what it means
 */
public record ParamSpec(
    String name, Kind kind, Object defaultValue, double min, double max, List<String> choices,
    String doc) {

  /** Parameter value types. */
  public enum Kind {
    BOOLEAN,
    INTEGER,
    NANOS,
    CHOICE
  }

  public ParamSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    choices = List.copyOf(choices);
  }

  public static ParamSpec bool(String name, boolean dflt, String doc) {
    return new ParamSpec(name, Kind.BOOLEAN, dflt, 0, 0, List.of(), doc);
  }

  public static ParamSpec integer(String name, long dflt, long min, long max, String doc) {
    return new ParamSpec(name, Kind.INTEGER, dflt, min, max, List.of(), doc);
  }

  /** A duration in nanoseconds (decimals allowed). */
  public static ParamSpec nanos(String name, double dflt, double min, double max, String doc) {
    return new ParamSpec(name, Kind.NANOS, dflt, min, max, List.of(), doc);
  }

  public static ParamSpec choice(String name, String dflt, List<String> choices, String doc) {
    return new ParamSpec(name, Kind.CHOICE, dflt, 0, 0, choices, doc);
  }
}
