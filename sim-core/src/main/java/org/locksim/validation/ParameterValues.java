package org.locksim.validation;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.locksim.cpu.ModelCatalog;
import org.locksim.scenario.json.JsonArray;
import org.locksim.scenario.json.JsonNumber;
import org.locksim.scenario.json.JsonObject;
import org.locksim.scenario.json.JsonString;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.JsonValue;

/**
 * Reads the value of a fitted parameter where the scenario takes it from: the scenario file
 * itself, or, for a {@code machine.} path of a scenario that names a bundled model and does not
 * set that field, the model's catalog entry. Paths are dotted field names with {@code [i]}
 * indexes, as {@code --set} writes them.
 */
final class ParameterValues {
  private ParameterValues() { }

  /** The numbers at {@code p}'s paths, in order. */
  static List<BigDecimal> read(Path scenarios, FittedParameter p) {
    JsonValue root = JsonTree.read(scenarios.resolve(p.scenario()));
    List<BigDecimal> out = new ArrayList<>();
    for (String path : p.paths()) {
      List<String> steps = steps(path);
      Optional<JsonValue> v = at(root, steps);
      if (v.isEmpty() && steps.get(0).equals("machine")) {
        v = model(root).flatMap(m -> at(m, steps.subList(1, steps.size())));
      }
      if (v.isEmpty() || !(v.get() instanceof JsonNumber n)) {
        throw new IllegalStateException(p.scenario() + ": " + path
            + " is not a number of the scenario or of its machine; the fit names a parameter that is not there");
      }
      out.add(n.decimal());
    }
    return out;
  }

  /** The {@code --set} assignments that put each of {@code p}'s values times {@code factor}. */
  static List<String> scaled(Path scenarios, FittedParameter p, double factor) {
    List<BigDecimal> values = read(scenarios, p);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      BigDecimal v = values.get(i).multiply(BigDecimal.valueOf(factor)).stripTrailingZeros();
      out.add(p.paths().get(i) + "=" + v.toPlainString());
    }
    return out;
  }

  /** The values as shown: one figure when all are equal ({@code 1000 (4 takes)}), else a list. */
  static String text(List<BigDecimal> values) {
    BigDecimal first = values.get(0);
    boolean same = values.stream().allMatch(v -> v.compareTo(first) == 0);
    if (same) {
      return values.size() == 1 ? first.stripTrailingZeros().toPlainString()
          : first.stripTrailingZeros().toPlainString() + " (at each of the " + values.size() + " paths)";
    }
    return String.join(" + ", values.stream().map(v -> v.stripTrailingZeros().toPlainString()).toList());
  }

  private static Optional<JsonValue> model(JsonValue root) {
    Optional<JsonValue> m = root instanceof JsonObject o ? o.get("machine") : Optional.empty();
    String name = null;
    if (m.isPresent() && m.get() instanceof JsonString s) {
      name = s.value();
    } else if (m.isPresent() && m.get() instanceof JsonObject mo
        && mo.get("model").orElse(null) instanceof JsonString s) {
      name = s.value();
    }
    if (name == null) {
      return Optional.empty();
    }
    String model = name;
    return ModelCatalog.bundled().json(model).map(text -> JsonTree.parse(ModelCatalog.resourceName(model), text));
  }

  /** {@code workload.entries[3].ioProbability} as {@code workload, entries, [3], ioProbability}. */
  static List<String> steps(String path) {
    List<String> out = new ArrayList<>();
    for (String part : path.split("\\.")) {
      int b = part.indexOf('[');
      out.add(b < 0 ? part : part.substring(0, b));
      while (b >= 0) {
        int e = part.indexOf(']', b);
        out.add(part.substring(b, e + 1));
        b = part.indexOf('[', e);
      }
    }
    return out;
  }

  private static Optional<JsonValue> at(JsonValue node, List<String> steps) {
    JsonValue v = node;
    for (String s : steps) {
      if (s.startsWith("[")) {
        int i = Integer.parseInt(s.substring(1, s.length() - 1));
        if (!(v instanceof JsonArray a) || i >= a.elements().size()) {
          return Optional.empty();
        }
        v = a.elements().get(i);
      } else {
        if (!(v instanceof JsonObject o) || o.get(s).isEmpty()) {
          return Optional.empty();
        }
        v = o.get(s).get();
      }
    }
    return Optional.of(v);
  }
}
