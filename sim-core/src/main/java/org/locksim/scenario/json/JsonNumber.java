package org.locksim.scenario.json;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A JSON number, kept as the exact text the user wrote so that nothing is rounded before the
 * loader decides what type it needs.
 *
 * @param location where the number token is
 * @param text     the number as written, like {@code 64}, {@code -1.5} or {@code 1e3}
 * @param integral whether it was written as an integer (no fraction, no exponent)
 */
public record JsonNumber(Location location, String text, boolean integral) implements JsonValue {

    /** Validates the components. */
    public JsonNumber {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(text, "text");
        if (integral && !text.matches("-?\\d+")) {
            throw new IllegalArgumentException("not an integer: " + text);
        }
    }

    /** Returns the exact value. */
    public BigDecimal decimal() {
        return new BigDecimal(text);
    }

    @Override
    public String describe() {
        return text;
    }
}
