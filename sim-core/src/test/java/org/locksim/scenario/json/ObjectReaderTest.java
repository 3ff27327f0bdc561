package org.locksim.scenario.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Why this exists: {@link ObjectReader} is what turns a user's scenario into typed settings,
 * so this checks that each kind of mistake a user makes (misspelt field, wrong type, number
 * out of range, an integer written as {@code 1e3}, a misspelt choice, a missing field) is
 * reported with the right path, line, column, message and suggestion, and that good input
 * reads back with defaults filled in.
 */
class ObjectReaderTest {

    private static ObjectReader reader(String json) {
        return ObjectReader.of(JsonTree.parse("s.json", json), "scenario");
    }

    private static InputError fails(Executable action) {
        return assertThrows(InputError.class, action);
    }

    @Test
    void readsValuesAndFillsDefaults() {
        ObjectReader r = reader("{\"name\": \"tas\", \"tasks\": 64, \"frequencyGHz\": 3,"
                + " \"smp\": false, \"release\": \"store\", \"kernel\": {\"hz\": 250},"
                + " \"locks\": [{\"id\": 1}, {\"id\": 2}]}");
        assertEquals("tas", r.requiredString("name"));
        assertEquals(64, r.optionalInt("tasks", 1, 1, 100_000));
        assertEquals(1000L, r.optionalLong("iterations", 1000, 1, 1_000_000_000L));
        assertEquals(3.0, r.optionalDouble("frequencyGHz", 2.0, 0.01, 100.0));
        assertEquals(false, r.optionalBoolean("smp", true));
        assertEquals("store", r.optionalEnum("release", "xchg", List.of("xchg", "store")));
        ObjectReader kernel = r.optionalObject("kernel").orElseThrow();
        assertEquals(250, kernel.requiredInt("hz", 1, 10_000));
        kernel.finish();
        List<ObjectReader> locks = r.optionalObjectArray("locks");
        assertEquals(2, locks.get(1).requiredInt("id", 0, 9));
        assertEquals(Optional.empty(), r.optionalValue("machine"));
        r.finish();
    }

    @Test
    void rejectsUnknownFieldAtItsNameWithSuggestion() {
        ObjectReader r = reader("{\n  \"name\": \"x\",\n  \"taks\": 4\n}");
        r.requiredString("name");
        r.optionalInt("tasks", 1, 1, 100);
        InputError e = fails(r::finish);
        assertEquals("s.json:3:3: $.taks: unknown field \"taks\" in scenario; expected one of"
                + " name, tasks (did you mean \"tasks\"?)", e.format());
        assertEquals(Optional.of("tasks"), e.suggestion());
    }

    @Test
    void rejectsUnknownFieldWithoutSuggestionWhenNothingIsClose() {
        ObjectReader r = reader("{\"zzzzzz\": 1}");
        r.optionalInt("tasks", 1, 1, 100);
        assertEquals(Optional.empty(), fails(r::finish).suggestion());
    }

    @Test
    void acceptsIgnoredFields() {
        ObjectReader r = reader("{\"description\": \"why\"}");
        r.ignore("description");
        r.finish();
    }

    @Test
    void rejectsWrongTypeAtTheValue() {
        ObjectReader r = reader("{\"tasks\": \"64\"}");
        InputError e = fails(() -> r.optionalInt("tasks", 1, 1, 100_000));
        assertEquals("s.json:1:11: $.tasks: expected an integer from 1 to 100000,"
                + " got a string \"64\"", e.format());
        InputError s = fails(() -> reader("{\"name\": 5}").requiredString("name"));
        assertEquals("expected a string, got 5", s.message());
        InputError b = fails(() -> reader("{\"smp\": \"yes\"}").optionalBoolean("smp", true));
        assertEquals("expected true or false, got a string \"yes\"", b.message());
    }

    @Test
    void rejectsIntegerOutOfRange() {
        InputError e = fails(() -> reader("{\"tasks\": 1000000000}").optionalInt("tasks", 1, 1, 100_000));
        assertEquals("$.tasks", e.path());
        assertEquals("expected an integer from 1 to 100000, got 1000000000", e.message());
        InputError huge = fails(() -> reader("{\"n\": 99999999999999999999}").optionalLong("n", 1, 1, Long.MAX_VALUE));
        assertEquals("expected an integer of at least 1, got 99999999999999999999", huge.message());
    }

    @Test
    void rejectsIntegersWrittenWithExponentOrFraction() {
        InputError exp = fails(() -> reader("{\"tasks\": 1e3}").optionalInt("tasks", 1, 1, 100_000));
        assertEquals("expected an integer from 1 to 100000, got 1e3; write integers without"
                + " a decimal point or exponent", exp.message());
        InputError frac = fails(() -> reader("{\"tasks\": 12.0}").optionalInt("tasks", 1, 1, 100_000));
        assertTrue(frac.message().contains("got 12.0;"), frac.message());
    }

    @Test
    void rejectsDecimalOutOfRange() {
        InputError e = fails(() -> reader("{\"f\": 200}").optionalDouble("f", 2.0, 0.01, 100.0));
        assertEquals("expected a number from 0.01 to 100, got 200", e.message());
        InputError tiny = fails(() -> reader("{\"f\": 0.001}").optionalDouble("f", 2.0, 0.01, 100.0));
        assertEquals("$.f", tiny.path());
    }

    @Test
    void rejectsMisspeltEnumWithSuggestion() {
        InputError e = fails(() -> reader("{\"release\": \"stor\"}")
                .optionalEnum("release", "xchg", List.of("xchg", "store")));
        assertEquals("s.json:1:13: $.release: unknown value \"stor\"; expected one of xchg,"
                + " store (did you mean \"store\"?)", e.format());
    }

    @Test
    void rejectsMissingRequiredFieldAtTheObject() {
        InputError e = fails(() -> reader("\n  {\"tasks\": 1}").requiredString("name"));
        assertEquals("s.json:2:3: $: missing required field \"name\" in scenario", e.format());
    }

    @Test
    void rejectsValueThatIsNotAnObject() {
        InputError e = fails(() -> reader("[1, 2]"));
        assertEquals("s.json:1:1: $: expected scenario to be an object, got an array", e.format());
        InputError kernel = fails(() -> reader("{\"kernel\": 3}").optionalObject("kernel"));
        assertEquals("$.kernel", kernel.path());
        assertEquals("expected kernel to be an object, got 3", kernel.message());
    }

    @Test
    void rejectsArrayElementThatIsNotAnObject() {
        InputError e = fails(() -> reader("{\"locks\": [{}, \"spin.tas\"]}").optionalObjectArray("locks"));
        assertEquals("s.json:1:16: $.locks[1]: expected locks[1] to be an object, got a string"
                + " \"spin.tas\"", e.format());
        InputError notArray = fails(() -> reader("{\"locks\": {}}").optionalObjectArray("locks"));
        assertEquals("expected an array, got an object", notArray.message());
    }

    @Test
    void reportsNestedUnknownFieldWithFullPath() {
        ObjectReader r = reader("{\"locks\": [{\"algorithm\": \"spin.tas\", \"spinz\": 3}]}");
        ObjectReader lock = r.optionalObjectArray("locks").get(0);
        lock.requiredString("algorithm");
        lock.optionalInt("spins", 0, 0, 10);
        InputError e = fails(lock::finish);
        assertEquals("$.locks[0].spinz", e.path());
        assertEquals(Optional.of("spins"), e.suggestion());
    }

    @Test
    void raisesLoaderErrorsAtTheFieldValue() {
        ObjectReader r = reader("{\n  \"algorithm\": \"spin.tass\"\n}");
        InputError e = r.unknownName("algorithm", "lock algorithm", List.of("spin.tas", "spin.ttas", "spin.ticket"));
        assertEquals("s.json:2:16: $.algorithm: unknown lock algorithm \"spin.tass\"; expected one of"
                + " spin.tas, spin.ttas, spin.ticket (did you mean \"spin.tas\"?)", e.format());
        InputError custom = r.errorAt("algorithm", "needs smp", Optional.of("spin.tas"));
        assertEquals(new Location("s.json", "$.algorithm", 2, 16), custom.location());
        InputError absent = r.errorAt("machine", "machine is required for spin locks");
        assertEquals(new Location("s.json", "$.machine", 1, 1), absent.location());
    }
}
