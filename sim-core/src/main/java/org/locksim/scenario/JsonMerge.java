package org.locksim.scenario;

import org.locksim.scenario.json.JsonField;
import org.locksim.scenario.json.JsonObject;
import org.locksim.scenario.json.JsonValue;

/**
 * Lays an override object over a base object: fields of the override replace those of the
 * base, objects merge recursively. Each value keeps its own location, so an error in a merged
 * model points into whichever file the bad value came from.
 */
final class JsonMerge {
  private JsonMerge() { }

  static JsonObject merge(JsonObject base, JsonObject over) {
    JsonObject out = base;
    for (JsonField f : over.fields()) {
      JsonValue existing = out.get(f.name()).orElse(null);
      if (existing instanceof JsonObject eo && f.value() instanceof JsonObject fo) {
        out = out.with(new JsonField(f.name(), f.nameLocation(), merge(eo, fo)));
      } else {
        out = out.with(f);
      }
    }
    return out;
  }
}
