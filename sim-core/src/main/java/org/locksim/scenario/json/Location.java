package org.locksim.scenario.json;

import java.util.Objects;

/**
 * Where a piece of user input came from: a file (or {@code --set} for command-line
 * overrides), the JSON path inside it and the 1-based line and column of its first character.
 *
 * <p>A line or column of 0 means "unknown", as for a file that could not be read at all; an
 * empty path means the input is not a JSON value (a file, a malformed {@code --set}).
 *
 * @param file   the file name as the user gave it, or {@code --set}
 * @param path   the JSON path, like {@code $.locks[2].algorithm}, or empty
 * @param line   1-based line, or 0 when unknown
 * @param column 1-based column, or 0 when unknown
 */
public record Location(String file, String path, int line, int column) {

    /** Validates the components. */
    public Location {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(path, "path");
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("negative line or column: " + line + ":" + column);
        }
    }

    /** Returns a location for a whole file, with no path, line or column. */
    public static Location ofFile(String file) {
        return new Location(file, "", 0, 0);
    }

    /** Returns this location with another path, keeping file, line and column. */
    public Location withPath(String newPath) {
        return new Location(file, newPath, line, column);
    }

    /** Returns {@code file:line:column}, or just the file when the position is unknown. */
    @Override
    public String toString() {
        return line > 0 ? file + ":" + line + ":" + column : file;
    }
}
