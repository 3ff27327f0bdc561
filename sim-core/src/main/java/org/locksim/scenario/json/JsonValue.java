package org.locksim.scenario.json;

/**
 * A JSON value from user input that knows where it came from.
 *
 * <p>Unlike Jackson's {@code JsonNode}, every value carries its {@link Location} (file, JSON
 * path, line and column of its first token), so that any check the loader makes later can
 * point the user at the exact spot. Values are immutable; {@link Overrides} builds new trees.
 */
public sealed interface JsonValue
        permits JsonObject, JsonArray, JsonString, JsonNumber, JsonBool, JsonNull {

    /** Returns where this value came from. */
    Location location();

    /**
     * Returns a short description for "expected X, got Y" messages: {@code an object},
     * {@code an array}, {@code a string "abc"}, the number's text, {@code true} or {@code null}.
     */
    String describe();

    /** Returns the file name, or {@code --set} for a command-line override. */
    default String file() {
        return location().file();
    }

    /** Returns the JSON path of this value, like {@code $.locks[2].algorithm}. */
    default String path() {
        return location().path();
    }

    /** Returns the 1-based line of this value's first token. */
    default int line() {
        return location().line();
    }

    /** Returns the 1-based column of this value's first token. */
    default int column() {
        return location().column();
    }
}
