package org.locksim.scenario.json;

import java.util.Objects;

/**
 * A JSON string.
 *
 * @param location where the string token is
 * @param value    the string, unescaped
 */
public record JsonString(Location location, String value) implements JsonValue {

    private static final int DESCRIBE_LIMIT = 40;

    /** Validates the components. */
    public JsonString {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String describe() {
        String shown = value.length() <= DESCRIBE_LIMIT
                ? value : value.substring(0, DESCRIBE_LIMIT) + "...";
        return "a string " + Names.quote(shown);
    }
}
