package org.locksim.scenario.json;

import java.util.List;
import java.util.Optional;

/**
 * Applies the CLI's {@code --set path=value} assignments to a parsed scenario, before it is
 * read, as in {@code --set workload.tasks=64} or {@code --set locks[0].algorithm=spin.ttas}.
 *
 * <p>The value is parsed as JSON when it parses ({@code 64}, {@code true}, {@code "x"},
 * {@code {"kind":"ttas"}}) and taken as a plain string otherwise ({@code spin.ttas}); a value
 * that starts like a JSON string, object or array must be valid JSON. Missing intermediate
 * objects are created; arrays are not, and an index must name an existing element. Every value
 * set this way is located in file {@value #FILE}, line 1, at its 1-based column in the
 * argument, so a later error about it points at the command line rather than the file.
 */
public final class Overrides {

    /** The file name given to values that come from {@code --set}. */
    public static final String FILE = "--set";

    private Overrides() {
    }

    /** Applies each assignment in order and returns the resulting tree. */
    public static JsonValue applyAll(JsonValue root, List<String> assignments) {
        JsonValue result = root;
        for (String assignment : assignments) {
            result = apply(result, assignment);
        }
        return result;
    }

    /**
     * Returns a copy of {@code root} in which the path of {@code assignment} is set.
     *
     * @throws InputError if the assignment has no {@code =}, a malformed path or value, an
     *     index out of range, or a path that runs through a value that is not a container
     */
    public static JsonValue apply(JsonValue root, String assignment) {
        int eq = separator(assignment);
        if (eq < 0) {
            throw new InputError(new Location(FILE, "", 1, 1), "malformed --set "
                    + Names.quote(assignment) + "; expected path=value, e.g. workload.tasks=64",
                    Optional.empty());
        }
        List<JsonPath.Segment> segments;
        try {
            segments = JsonPath.parse(assignment.substring(0, eq));
        } catch (JsonPath.SyntaxError e) {
            throw new InputError(new Location(FILE, "", 1, e.offset() + 1),
                    "malformed --set " + Names.quote(assignment) + ": " + e.getMessage(),
                    Optional.empty());
        }
        String targetPath = JsonPath.ROOT;
        for (JsonPath.Segment s : segments) {
            targetPath = JsonPath.child(targetPath, s);
        }
        JsonValue value = parseValue(assignment.substring(eq + 1), targetPath, eq + 1);
        return set(root, segments, 0, value, new Origin(FILE, 1, 0));
    }

    /**
     * Returns a copy of {@code root} in which the value at {@code path} (same syntax as
     * {@code --set}) is {@code value}, which keeps its own location: used for a scenario's
     * variants, whose assignments are JSON fields of the scenario file.
     *
     * @param where the location of the path text, for a malformed path
     */
    public static JsonValue set(JsonValue root, String path, JsonValue value, Location where) {
        List<JsonPath.Segment> segments;
        try {
            segments = JsonPath.parse(path);
        } catch (JsonPath.SyntaxError e) {
            throw new InputError(where, "malformed path " + Names.quote(path) + ": "
                    + e.getMessage(), Optional.empty());
        }
        // The path's text starts one column after the opening quote of the field's name.
        return set(root, segments, 0, value, new Origin(where.file(), where.line(), where.column()));
    }

    /**
     * Where a path's text is: a file, a line and the column before its first character, so
     * that an error at a step of the path points at that step, in the file it was written in.
     */
    private record Origin(String file, int line, int column) {
        Location at(String path, int offset) {
            return new Location(file, path, line, line == 0 ? 0 : column + offset + 1);
        }
    }

    /** Returns the index of the first {@code =} outside a quoted field name, or -1. */
    private static int separator(String assignment) {
        boolean quoted = false;
        for (int i = 0; i < assignment.length(); i++) {
            char c = assignment.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == '=' && !quoted) {
                return i;
            }
        }
        return -1;
    }

    private static JsonValue parseValue(String text, String path, int offset) {
        try {
            return JsonTree.parse(FILE, text, path, offset);
        } catch (InputError e) {
            String start = text.strip();
            if (start.startsWith("{") || start.startsWith("[") || start.startsWith("\"")) {
                throw e;
            }
            return new JsonString(new Location(FILE, path, 1, offset + 1), text);
        }
    }

    private static JsonValue set(JsonValue node, List<JsonPath.Segment> segments, int i, JsonValue value,
            Origin origin) {
        JsonPath.Segment segment = segments.get(i);
        boolean last = i == segments.size() - 1;
        if (segment instanceof JsonPath.Field f) {
            if (!(node instanceof JsonObject object)) {
                throw notContainer(node, segment, "an object", origin);
            }
            Location nameAt = origin.at(JsonPath.field(node.path(), f.name()), f.offset());
            Optional<JsonField> existing = object.field(f.name());
            JsonValue child;
            if (last) {
                child = value;
            } else if (existing.isPresent()) {
                child = set(existing.get().value(), segments, i + 1, value, origin);
            } else {
                child = set(create(nameAt, segments.get(i + 1)), segments, i + 1, value, origin);
            }
            return object.with(new JsonField(f.name(),
                    existing.map(JsonField::nameLocation).orElse(nameAt), child));
        }
        int index = ((JsonPath.Index) segment).index();
        if (!(node instanceof JsonArray array)) {
            throw notContainer(node, segment, "an array", origin);
        }
        if (index >= array.elements().size()) {
            throw new InputError(origin.at(node.path(), segment.offset()),
                    "index " + index + " is out of range; " + node.path() + " has "
                    + array.elements().size() + " element" + (array.elements().size() == 1 ? "" : "s"),
                    Optional.empty());
        }
        JsonValue child = last ? value : set(array.elements().get(index), segments, i + 1, value, origin);
        return array.with(index, child);
    }

    /** Returns an empty object to stand where a missing field is, or fails if an array is wanted. */
    private static JsonValue create(Location at, JsonPath.Segment next) {
        if (next instanceof JsonPath.Index) {
            throw new InputError(at, "there is no array here to index; --set creates missing"
                    + " objects but not arrays", Optional.empty());
        }
        return new JsonObject(at, List.of());
    }

    private static InputError notContainer(JsonValue node, JsonPath.Segment segment, String needed, Origin origin) {
        String step = segment instanceof JsonPath.Field f ? "field " + Names.quote(f.name())
                : "index " + ((JsonPath.Index) segment).index();
        return new InputError(origin.at(node.path(), segment.offset()),
                "cannot set " + step + ": " + node.path() + " is " + node.describe()
                + " (in " + node.location() + "), not " + needed, Optional.empty());
    }
}
