package org.locksim.scenario.json;

import java.util.Objects;

/**
 * One field of a {@link JsonObject}: its name, where the name token is, and its value.
 *
 * <p>The name's own location is kept because an unknown field is best reported at its name,
 * while a bad value is reported at the value.
 *
 * @param name         the field name
 * @param nameLocation where the name token is; its path is the field's path
 * @param value        the field's value
 */
public record JsonField(String name, Location nameLocation, JsonValue value) {

    /** Validates the components. */
    public JsonField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nameLocation, "nameLocation");
        Objects.requireNonNull(value, "value");
    }
}
