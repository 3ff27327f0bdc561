package org.locksim.scenario.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Why this exists: {@link InputError#format()} is the one line a user sees for any bad input,
 * so its shape ({@code file:line:column: path: message (did you mean "x"?)}) is pinned here,
 * including the cases with no position or no path.
 */
class InputErrorTest {

    @Test
    void formatsFileLineColumnPathMessageAndSuggestion() {
        InputError e = new InputError(new Location("scenarios/x.json", "$.locks[0].algorithm", 12, 17),
                "unknown lock algorithm \"spin.tass\"; expected one of spin.tas, spin.ttas, spin.ticket",
                Optional.of("spin.tas"));
        assertEquals("scenarios/x.json:12:17: $.locks[0].algorithm: unknown lock algorithm"
                + " \"spin.tass\"; expected one of spin.tas, spin.ttas, spin.ticket"
                + " (did you mean \"spin.tas\"?)", e.format());
        assertEquals(e.format(), e.getMessage());
    }

    @Test
    void omitsUnknownPositionAndEmptyPath() {
        InputError e = InputError.unreadable("x.json", new AccessDeniedException("x.json"));
        assertEquals("x.json: cannot read file: permission denied", e.format());
        InputError other = InputError.unreadable("d", new IOException("Is a directory"));
        assertEquals("d: cannot read file: Is a directory", other.format());
    }

    @Test
    void buildsUnknownNameMessageWithoutSuggestionWhenNothingIsClose() {
        InputError e = InputError.unknownName(new Location("f", "$.m", 1, 2), "CPU model",
                "vax", List.of("amd64.zen4", "arm64.m2"));
        assertEquals("f:1:2: $.m: unknown CPU model \"vax\"; expected one of amd64.zen4, arm64.m2",
                e.format());
    }
}
