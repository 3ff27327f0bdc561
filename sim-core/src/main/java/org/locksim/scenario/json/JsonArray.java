package org.locksim.scenario.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A JSON array.
 *
 * @param location where the opening bracket is
 * @param elements the elements, in order
 */
public record JsonArray(Location location, List<JsonValue> elements) implements JsonValue {

    /** Validates the components and copies the element list. */
    public JsonArray {
        Objects.requireNonNull(location, "location");
        elements = List.copyOf(elements);
    }

    /** Returns a copy of this array with the element at {@code index} replaced. */
    public JsonArray with(int index, JsonValue element) {
        List<JsonValue> copy = new ArrayList<>(elements);
        copy.set(index, element);
        return new JsonArray(location, copy);
    }

    @Override
    public String describe() {
        return "an array";
    }
}
