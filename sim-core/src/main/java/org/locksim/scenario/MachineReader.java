package org.locksim.scenario;

import org.locksim.cpu.CpuModel;
import org.locksim.cpu.ModelCatalog;
import org.locksim.scenario.json.InputError;
import org.locksim.scenario.json.JsonObject;
import org.locksim.scenario.json.JsonString;
import org.locksim.scenario.json.JsonTree;
import org.locksim.scenario.json.JsonValue;
import org.locksim.scenario.json.ObjectReader;
import org.locksim.scenario.json.Values;

/**
 * Reads a scenario's {@code machine}: the name of a bundled model ({@code "pentium4"}), a
 * bundled model with overrides ({@code {"model": "pentium4", "costs": {"xchg": {...}}}}), or a
 * whole model inline.
 */
public final class MachineReader {
  private final ModelCatalog catalog;

  public MachineReader(ModelCatalog catalog) {
    this.catalog = catalog;
  }

  /** The bundled model called {@code name}. */
  public CpuModel bundled(String name) {
    return ModelReader.read(bundledTree(name, null));
  }

  CpuModel read(JsonValue v) {
    if (v instanceof JsonString s) {
      return ModelReader.read(bundledTree(s.value(), v));
    }
    if (!(v instanceof JsonObject o)) {
      throw Values.mismatch(v, "a model name or a model object");
    }
    if (o.field("model").isEmpty()) {
      return ModelReader.read(o);
    }
    ObjectReader r = ObjectReader.of(o, "machine");
    JsonValue nameValue = r.requiredValue("model");
    String name = Values.string(nameValue);
    JsonObject base = (JsonObject) bundledTree(name, nameValue);
    JsonObject overrides = new JsonObject(o.location(),
        o.fields().stream().filter(f -> !f.name().equals("model")).toList());
    return ModelReader.read(JsonMerge.merge(base, overrides));
  }

  private JsonValue bundledTree(String name, JsonValue where) {
    String text = catalog.json(name).orElseThrow(() -> where == null
        ? new IllegalArgumentException("no bundled model " + name)
        : InputError.unknownName(where.location(), "CPU model", name, catalog.names()));
    return JsonTree.parse(ModelCatalog.resourceName(name), text);
  }
}
