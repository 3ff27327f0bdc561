package org.locksim.scenario.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Why this exists: {@code --set} edits a scenario from the command line, so this checks that
 * assignments land at the right path (creating missing objects, replacing array elements),
 * that values are typed the way a user expects ({@code 64} a number, {@code spin.ttas} a
 * string), that values remember they came from {@code --set} so later errors point at the
 * argument, and that malformed assignments fail with a located {@link InputError}.
 */
class OverridesTest {

    private static final JsonValue SCENARIO = JsonTree.parse("s.json", String.join("\n",
            "{",
            "  \"workload\": {\"tasks\": 8},",
            "  \"locks\": [{\"algorithm\": \"spin.tas\"}]",
            "}"));

    private static JsonValue at(JsonValue root, String... names) {
        JsonValue v = root;
        for (String n : names) {
            v = ((JsonObject) v).get(n).orElseThrow();
        }
        return v;
    }

    @Test
    void replacesExistingNumberAndLocatesItInTheArgument() {
        JsonValue root = Overrides.apply(SCENARIO, "workload.tasks=64");
        JsonNumber tasks = assertInstanceOf(JsonNumber.class, at(root, "workload", "tasks"));
        assertEquals("64", tasks.text());
        assertEquals(new Location("--set", "$.workload.tasks", 1, 16), tasks.location());
    }

    @Test
    void setsArrayElementFieldToBareString() {
        JsonValue root = Overrides.apply(SCENARIO, "locks[0].algorithm=spin.ttas");
        JsonObject lock = (JsonObject) ((JsonArray) at(root, "locks")).elements().get(0);
        JsonString algorithm = assertInstanceOf(JsonString.class, lock.get("algorithm").orElseThrow());
        assertEquals("spin.ttas", algorithm.value());
        assertEquals("$.locks[0].algorithm", algorithm.path());
        assertEquals(20, algorithm.column());
    }

    @Test
    void createsMissingIntermediateObjects() {
        JsonValue root = Overrides.apply(SCENARIO, "machine.costs.xchg.value=120");
        JsonValue value = at(root, "machine", "costs", "xchg", "value");
        assertEquals("120", ((JsonNumber) value).text());
        JsonValue costs = at(root, "machine", "costs");
        assertEquals(new Location("--set", "$.machine.costs", 1, 9), costs.location());
        assertEquals(List.of("workload", "locks", "machine"), ((JsonObject) root).names());
    }

    @Test
    void parsesJsonValuesAndKeepsTheOriginalTreeUnchanged() {
        JsonValue root = Overrides.applyAll(SCENARIO, List.of(
                "kernel.smp=false", "name=\"64\"", "kernel.mutex={\"spin\": 3}", "$.tag="));
        assertEquals(false, ((JsonBool) at(root, "kernel", "smp")).value());
        assertEquals("64", ((JsonString) at(root, "name")).value());
        JsonValue spin = at(root, "kernel", "mutex", "spin");
        assertEquals(new Location("--set", "$.kernel.mutex.spin", 1, 23), spin.location());
        assertEquals("", ((JsonString) at(root, "tag")).value());
        assertEquals(List.of("workload", "locks"), ((JsonObject) SCENARIO).names());
    }

    @Test
    void misspeltFieldFromSetIsReportedAtTheArgument() {
        JsonValue root = Overrides.apply(SCENARIO, "workload.taks=64");
        ObjectReader workload = ObjectReader.of(root, "scenario").requiredObject("workload");
        workload.optionalInt("tasks", 1, 1, 100);
        InputError e = assertThrows(InputError.class, workload::finish);
        assertEquals("--set:1:10: $.workload.taks: unknown field \"taks\" in workload; expected"
                + " one of tasks (did you mean \"tasks\"?)", e.format());
    }

    @Test
    void rangeErrorOnSetValuePointsAtTheArgument() {
        JsonValue root = Overrides.apply(SCENARIO, "workload.tasks=1000000000");
        ObjectReader workload = ObjectReader.of(root, "scenario").requiredObject("workload");
        InputError e = assertThrows(InputError.class, () -> workload.optionalInt("tasks", 1, 1, 100_000));
        assertEquals("--set:1:16: $.workload.tasks: expected an integer from 1 to 100000,"
                + " got 1000000000", e.format());
    }

    @Test
    void rejectsAssignmentWithoutEquals() {
        InputError e = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "workload.tasks"));
        assertEquals("--set:1:1: malformed --set \"workload.tasks\"; expected path=value,"
                + " e.g. workload.tasks=64", e.format());
    }

    @Test
    void rejectsBadPathSyntaxAtItsColumn() {
        InputError empty = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "workload..tasks=1"));
        assertEquals("--set:1:10: malformed --set \"workload..tasks=1\": missing field name in path",
                empty.format());
        InputError index = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "locks[x]=1"));
        assertEquals(6, index.column());
        InputError bracket = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "locks[0=1"));
        assertEquals("--set:1:6: malformed --set \"locks[0=1\": missing ] in path", bracket.format());
        assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "=1"));
    }

    @Test
    void rejectsIndexOutOfRange() {
        InputError e = assertThrows(InputError.class,
                () -> Overrides.apply(SCENARIO, "locks[3].algorithm=spin.ttas"));
        assertEquals("--set:1:6: $.locks: index 3 is out of range; $.locks has 1 element", e.format());
    }

    @Test
    void rejectsPathThroughAScalar() {
        InputError e = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "workload.tasks.max=1"));
        assertEquals("--set:1:16: $.workload.tasks: cannot set field \"max\": $.workload.tasks is 8"
                + " (in s.json:2:25), not an object", e.format());
    }

    @Test
    void rejectsIndexIntoMissingArray() {
        InputError e = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "cpus[0].hz=1"));
        assertEquals("$.cpus", e.path());
    }

    @Test
    void rejectsMalformedJsonObjectValue() {
        InputError e = assertThrows(InputError.class, () -> Overrides.apply(SCENARIO, "kernel={\"smp\": }"));
        assertEquals("--set", e.file());
        assertEquals(16, e.column());
    }

    @Test
    void acceptsQuotedFieldNamesCopiedFromErrorMessages() {
        JsonValue root = Overrides.apply(SCENARIO, "$.labels[\"a=b.c\"]=x");
        assertEquals("x", ((JsonString) at(root, "labels", "a=b.c")).value());
        assertEquals("$.labels[\"a=b.c\"]", at(root, "labels", "a=b.c").path());
    }
}
