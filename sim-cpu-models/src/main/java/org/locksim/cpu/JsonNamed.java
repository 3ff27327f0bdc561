package org.locksim.cpu;

import java.util.ArrayList;
import java.util.List;

/** An enum constant with the name a model or scenario file gives it. */
public interface JsonNamed {
  /** The constant's name in a file. */
  String jsonName();

  /** The constant of {@code values} whose file name is {@code name}, or null. */
  static <E extends JsonNamed> E find(E[] values, String name) {
    for (E e : values) {
      if (e.jsonName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  /** Every constant's file name, in declaration order (for an error's "expected one of"). */
  static List<String> names(JsonNamed[] values) {
    List<String> out = new ArrayList<>();
    for (JsonNamed e : values) {
      out.add(e.jsonName());
    }
    return out;
  }
}
