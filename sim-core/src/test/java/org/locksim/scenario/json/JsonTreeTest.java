package org.locksim.scenario.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why this exists: every later error message is only as good as the locations the parser
 * records, so this pins down paths, lines and columns of values and field names, and checks
 * that malformed files (syntax errors, duplicate keys, trailing content, missing files) fail
 * with one located {@link InputError} instead of a Jackson stack trace.
 */
class JsonTreeTest {

    private static final String SCENARIO = String.join("\n",
            "{",
            "  \"name\": \"tas\",",
            "  \"locks\": [",
            "    {\"algorithm\": \"spin.tas\"},",
            "    {\"algorithm\": \"spin.ttas\", \"spins\": 12.50}",
            "  ]",
            "}");

    private static JsonObject root() {
        return assertInstanceOf(JsonObject.class, JsonTree.parse("s.json", SCENARIO));
    }

    private static JsonValue lock(int i, String field) {
        JsonArray locks = (JsonArray) root().get("locks").orElseThrow();
        return ((JsonObject) locks.elements().get(i)).get(field).orElseThrow();
    }

    @Test
    void recordsPathLineAndColumnOfEachValue() {
        JsonValue algorithm = lock(1, "algorithm");
        assertEquals(new Location("s.json", "$.locks[1].algorithm", 5, 19), algorithm.location());
        assertEquals(new Location("s.json", "$", 1, 1), root().location());
        assertEquals(new Location("s.json", "$.locks", 3, 12), root().get("locks").orElseThrow().location());
    }

    @Test
    void recordsLocationOfFieldNames() {
        JsonField name = root().field("name").orElseThrow();
        assertEquals(new Location("s.json", "$.name", 2, 3), name.nameLocation());
        assertEquals(new Location("s.json", "$.name", 2, 11), name.value().location());
    }

    @Test
    void keepsFieldOrderAndExactNumberText() {
        assertEquals(List.of("name", "locks"), root().names());
        JsonNumber spins = assertInstanceOf(JsonNumber.class, lock(1, "spins"));
        assertEquals("12.50", spins.text());
        assertFalse(spins.integral());
        List<JsonValue> numbers = ((JsonArray) JsonTree.parse("n.json", "[-7, 1e3]")).elements();
        assertTrue(((JsonNumber) numbers.get(0)).integral());
        assertFalse(((JsonNumber) numbers.get(1)).integral());
        assertEquals("1e3", ((JsonNumber) numbers.get(1)).text());
    }

    @Test
    void quotesUnusualFieldNamesInPaths() {
        JsonObject o = (JsonObject) JsonTree.parse("q.json", "{\"a.b\": {\"c\": 1}}");
        JsonObject inner = (JsonObject) o.get("a.b").orElseThrow();
        assertEquals("$[\"a.b\"].c", inner.get("c").orElseThrow().path());
    }

    @Test
    void rejectsDuplicateKeyAtSecondOccurrence() {
        InputError e = assertThrows(InputError.class,
                () -> JsonTree.parse("d.json", "{\n  \"tasks\": 1,\n  \"tasks\": 2\n}"));
        assertEquals("d.json:3:3: $.tasks: duplicate field \"tasks\"; it is already defined"
                + " at line 2, column 3", e.format());
    }

    @Test
    void reportsSyntaxErrorWithLineColumnAndPath() {
        InputError e = assertThrows(InputError.class,
                () -> JsonTree.parse("x.json", "{\n  \"locks\": [1, 2,, 3]\n}"));
        assertEquals("x.json", e.file());
        assertEquals(2, e.line());
        assertEquals(18, e.column());
        assertEquals("$.locks", e.path());
        assertTrue(e.message().startsWith("invalid JSON: "), e.message());
        assertFalse(e.message().contains("Source:"), e.message());
    }

    @Test
    void reportsUnterminatedObjectAtEndOfInput() {
        InputError e = assertThrows(InputError.class, () -> JsonTree.parse("x.json", "{\"a\": 1"));
        assertTrue(e.message().contains("end-of-input"), e.message());
        assertEquals(1, e.line());
    }

    @Test
    void rejectsTrailingTokenAfterRootValue() {
        InputError e = assertThrows(InputError.class, () -> JsonTree.parse("t.json", "{}\n {}"));
        assertEquals("t.json:2:2: $: unexpected content after the end of the JSON value;"
                + " expected end of input", e.format());
    }

    @Test
    void rejectsTrailingGarbageAfterRootValue() {
        InputError e = assertThrows(InputError.class, () -> JsonTree.parse("t.json", "{} xyz"));
        assertEquals(1, e.line());
        assertTrue(e.message().startsWith("unexpected content after the end"), e.message());
    }

    @Test
    void rejectsComments() {
        assertThrows(InputError.class, () -> JsonTree.parse("c.json", "{ // no\n}"));
    }

    @Test
    void rejectsEmptyInput() {
        InputError e = assertThrows(InputError.class, () -> JsonTree.parse("e.json", "  \n"));
        assertEquals("e.json:1:1: $: empty input; expected a JSON value", e.format());
    }

    @Test
    void readsFileAndNamesItInLocations(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("ok.json");
        Files.writeString(file, "\uFEFF{\"a\": true}");
        JsonObject o = (JsonObject) JsonTree.read(file);
        assertEquals(file.toString(), o.get("a").orElseThrow().file());
        assertEquals(new JsonBool(o.get("a").orElseThrow().location(), true), o.get("a").orElseThrow());
    }

    @Test
    void reportsMissingFileWithoutPosition(@TempDir Path dir) {
        Path file = dir.resolve("absent.json");
        InputError e = assertThrows(InputError.class, () -> JsonTree.read(file));
        assertEquals(file + ": cannot read file: no such file", e.format());
        assertEquals(0, e.line());
    }
}
