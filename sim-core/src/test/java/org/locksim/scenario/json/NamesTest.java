package org.locksim.scenario.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Why this exists: a suggestion is only helpful when it is right and silent otherwise, so this
 * checks that typical typos (a missing, extra, swapped or wrongly-cased letter) find the
 * intended name and that unrelated or very short inputs get no suggestion.
 */
class NamesTest {

    private static final List<String> LOCKS = List.of("spin.tas", "spin.ttas", "spin.ticket", "queued.mcs");

    @Test
    void suggestsNameOneEditAway() {
        assertEquals(Optional.of("spin.tas"), Names.closest("spin.tass", LOCKS));
        assertEquals(Optional.of("queued.mcs"), Names.closest("queued.msc", LOCKS));
        assertEquals(Optional.of("spin.ticket"), Names.closest("spin.tiket", LOCKS));
    }

    @Test
    void countsSwappedLettersAsOneEdit() {
        assertEquals(1, Names.distance("tsaks", "tasks"));
        assertEquals(Optional.of("tasks"), Names.closest("tsaks", List.of("name", "tasks")));
    }

    @Test
    void ignoresCase() {
        assertEquals(Optional.of("frequencyGHz"), Names.closest("frequencyghz", List.of("frequencyGHz")));
    }

    @Test
    void staysSilentWhenNothingIsClose() {
        assertEquals(Optional.empty(), Names.closest("mutex.adaptive", LOCKS));
        assertEquals(Optional.empty(), Names.closest("x", List.of("smp", "hz")));
        assertEquals(Optional.empty(), Names.closest("", List.of("a")));
        assertEquals(Optional.empty(), Names.closest("spin.tas", List.of("spin.tas")));
    }

    @Test
    void quotesAndListsForMessages() {
        assertEquals("\"a\\\"b\\\\c\\u000a\"", Names.quote("a\"b\\c\n"));
        assertEquals("xchg, store", Names.list(List.of("xchg", "store")));
        assertEquals("(none)", Names.list(List.of()));
    }
}
