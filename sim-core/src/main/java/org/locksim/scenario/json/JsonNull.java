package org.locksim.scenario.json;

import java.util.Objects;

/**
 * A JSON {@code null}.
 *
 * @param location where the token is
 */
public record JsonNull(Location location) implements JsonValue {

    /** Validates the components. */
    public JsonNull {
        Objects.requireNonNull(location, "location");
    }

    @Override
    public String describe() {
        return "null";
    }
}
