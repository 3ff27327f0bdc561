package org.locksim.scenario.json;

import java.util.Objects;

/**
 * A JSON {@code true} or {@code false}.
 *
 * @param location where the token is
 * @param value    the value
 */
public record JsonBool(Location location, boolean value) implements JsonValue {

    /** Validates the components. */
    public JsonBool {
        Objects.requireNonNull(location, "location");
    }

    @Override
    public String describe() {
        return Boolean.toString(value);
    }
}
