package org.locksim.scenario.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One thing wrong with the user's input, located precisely enough to fix it without a
 * debugger: the file, the JSON path, the line and column, what is wrong and what was
 * expected, and for a misspelt name the closest valid one.
 *
 * <p>It is unchecked so that loading code reads straight through; the CLI and the UI catch it
 * at the top and show {@link #format()}, never a stack trace. {@link #getMessage()} returns
 * the same text, so logs and test failures are readable too.
 */
public final class InputError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Jackson's embedded "[Source: ...; line: 1, column: 2]" markers, shortened for users. */
    private static final Pattern SOURCE_MARKER =
            Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");

    /** Jackson's "('x' (code 120))" character descriptions, shortened to 'x'. */
    private static final Pattern CHARACTER_CODE = Pattern.compile("\\(('.+?') \\(code \\d+\\)\\)");

    private final Location location;
    private final String message;
    private final Optional<String> suggestion;

    /**
     * Creates an error.
     *
     * @param location   where the bad input is
     * @param message    what is wrong and what was expected, without location or suggestion
     * @param suggestion the closest valid name, if the input looks like a misspelling
     */
    public InputError(Location location, String message, Optional<String> suggestion) {
        this(location, message, suggestion, null);
    }

    private InputError(Location location, String message, Optional<String> suggestion,
            Throwable cause) {
        super(null, cause);
        this.location = Objects.requireNonNull(location, "location");
        this.message = Objects.requireNonNull(message, "message");
        this.suggestion = Objects.requireNonNull(suggestion, "suggestion");
    }

    /** Returns an error located at {@code value}, with no suggestion. */
    public static InputError at(JsonValue value, String message) {
        return new InputError(value.location(), message, Optional.empty());
    }

    /** Returns an error located at {@code value}. */
    public static InputError at(JsonValue value, String message, Optional<String> suggestion) {
        return new InputError(value.location(), message, suggestion);
    }

    /**
     * Returns the standard error for a name that is not in a registry, for example
     * {@code unknown lock algorithm "spin.tass"; expected one of spin.tas, spin.ttas
     * (did you mean "spin.tas"?)}.
     *
     * @param where where the name was given
     * @param kind  what the name names, like {@code "lock algorithm"}
     * @param given the name the user wrote
     * @param valid every valid name, in the order to list them
     */
    public static InputError unknownName(Location where, String kind, String given,
            Collection<String> valid) {
        String message = "unknown " + kind + " " + Names.quote(given)
                + "; expected one of " + Names.list(valid);
        return new InputError(where, message, Names.closest(given, valid));
    }

    /**
     * Returns the error for a JSON syntax error that Jackson reported, at Jackson's line and
     * column.
     *
     * @param file the file name
     * @param path the JSON path being parsed when the error happened, or empty
     * @param e    Jackson's exception
     */
    public static InputError syntax(String file, String path, JsonProcessingException e) {
        return syntax(file, path, e, 0);
    }

    /** As {@link #syntax(String, String, JsonProcessingException)}, for text that starts
     * {@code columnOffset} characters into its first line (a {@code --set} value). */
    static InputError syntax(String file, String path, JsonProcessingException e, int columnOffset) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 0 : Math.max(0, at.getLineNr());
        int column = at == null ? 0 : Math.max(0, at.getColumnNr());
        if (line == 1) {
            column += columnOffset;
        }
        String original = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
        String shorter = SOURCE_MARKER.matcher(original).replaceAll("line $1, column $2");
        String message = "invalid JSON: " + CHARACTER_CODE.matcher(shorter).replaceAll("$1");
        return new InputError(new Location(file, path, line, column), message, Optional.empty(), e);
    }

    /** Returns the error for a file that could not be read, explaining why in plain words. */
    public static InputError unreadable(String file, IOException e) {
        String why;
        if (e instanceof NoSuchFileException) {
            why = "no such file";
        } else if (e instanceof AccessDeniedException) {
            why = "permission denied";
        } else if (e instanceof CharacterCodingException) {
            why = "not UTF-8 text";
        } else {
            why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return new InputError(Location.ofFile(file), "cannot read file: " + why,
                Optional.empty(), e);
    }

    /** Returns where the bad input is. */
    public Location location() {
        return location;
    }

    /** Returns the file name, or {@code --set} for a command-line override. */
    public String file() {
        return location.file();
    }

    /** Returns the JSON path, like {@code $.locks[0].algorithm}, or empty. */
    public String path() {
        return location.path();
    }

    /** Returns the 1-based line, or 0 when unknown. */
    public int line() {
        return location.line();
    }

    /** Returns the 1-based column, or 0 when unknown. */
    public int column() {
        return location.column();
    }

    /** Returns what is wrong and what was expected, without location or suggestion. */
    public String message() {
        return message;
    }

    /** Returns the closest valid name, if the input looks like a misspelling of one. */
    public Optional<String> suggestion() {
        return suggestion;
    }

    /**
     * Returns the one-line report for users, e.g. {@code scenarios/x.json:12:17:
     * $.locks[0].algorithm: unknown lock algorithm "spin.tass"; expected one of spin.tas,
     * spin.ttas (did you mean "spin.tas"?)}.
     */
    public String format() {
        StringBuilder out = new StringBuilder(location.toString()).append(": ");
        if (!location.path().isEmpty()) {
            out.append(location.path()).append(": ");
        }
        out.append(message);
        suggestion.ifPresent(s -> out.append(" (did you mean ").append(Names.quote(s)).append("?)"));
        return out.toString();
    }

    /** Returns {@link #format()}. */
    @Override
    public String getMessage() {
        return format();
    }
}
