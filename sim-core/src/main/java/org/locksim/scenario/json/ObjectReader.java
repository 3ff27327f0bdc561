package org.locksim.scenario.json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the fields of one JSON object strictly: each getter names a field, converts it with
 * {@link Values} (type, range, allowed names) or supplies the default when it is absent, and
 * remembers the name; {@link #finish()} then rejects any field that no getter asked for, with
 * the closest asked-for name as the suggestion.
 *
 * <p>Typical use, one reader per object in the scenario:
 *
 * <pre>{@code
 * ObjectReader r = ObjectReader.of(root, "scenario");
 * String name = r.requiredString("name");
 * int tasks = r.optionalInt("tasks", 1, 1, 100_000);
 * r.finish();
 * }</pre>
 *
 * <p>A reader is not thread-safe and is meant to be used once.
 */
public final class ObjectReader {

    private final JsonObject object;
    private final String what;
    private final Set<String> known = new LinkedHashSet<>();

    private ObjectReader(JsonObject object, String what) {
        this.object = object;
        this.what = what;
    }

    /**
     * Returns a reader over {@code value}, which must be an object.
     *
     * @param what what the object is, for messages: {@code "scenario"}, {@code "kernel"}
     * @throws InputError "expected scenario to be an object, got an array"
     */
    public static ObjectReader of(JsonValue value, String what) {
        if (value instanceof JsonObject o) {
            return new ObjectReader(o, what);
        }
        throw Values.mismatch(value, what + " to be an object");
    }

    /** Returns the object being read. */
    public JsonObject object() {
        return object;
    }

    /** Returns whether the field is present; this does not count as reading it. */
    public boolean has(String name) {
        return object.field(name).isPresent();
    }

    /** Returns the field's value, if present, as raw JSON (for polymorphic fields). */
    public Optional<JsonValue> optionalValue(String name) {
        known.add(name);
        return object.get(name);
    }

    /** Returns the field's value as raw JSON, failing with "missing required field" if absent. */
    public JsonValue requiredValue(String name) {
        return optionalValue(name).orElseThrow(() -> missing(name));
    }

    /**
     * The error for a missing required field: located at the object, or, when one of its
     * fields is a likely misspelling of the name ({@code "nme"} for {@code "name"}), at that field
     * with the name suggested.
     */
    private InputError missing(String name) {
        String message = "missing required field " + Names.quote(name) + " in " + what;
        for (JsonField f : object.fields()) {
            if (!f.name().equals(name) && Names.closest(f.name(), List.of(name)).isPresent()) {
                return new InputError(f.nameLocation(), message + "; found " + Names.quote(f.name()),
                        Optional.of(name));
            }
        }
        return new InputError(object.location(), message, Optional.empty());
    }

    /** Returns the string field, which must be present. */
    public String requiredString(String name) {
        return Values.string(requiredValue(name));
    }

    /** Returns the string field, if present. */
    public Optional<String> optionalString(String name) {
        return optionalValue(name).map(Values::string);
    }

    /** Returns the string field, or {@code fallback} when absent. */
    public String optionalString(String name, String fallback) {
        return optionalString(name).orElse(fallback);
    }

    /** Returns the integer field, which must be present and in {@code [min, max]}. */
    public int requiredInt(String name, int min, int max) {
        return Values.integer(requiredValue(name), min, max);
    }

    /** Returns the integer field in {@code [min, max]}, or {@code fallback} when absent. */
    public int optionalInt(String name, int fallback, int min, int max) {
        return optionalValue(name).map(v -> Values.integer(v, min, max)).orElse(fallback);
    }

    /** Returns the long field, which must be present and in {@code [min, max]}. */
    public long requiredLong(String name, long min, long max) {
        return Values.longInteger(requiredValue(name), min, max);
    }

    /** Returns the long field in {@code [min, max]}, or {@code fallback} when absent. */
    public long optionalLong(String name, long fallback, long min, long max) {
        return optionalValue(name).map(v -> Values.longInteger(v, min, max)).orElse(fallback);
    }

    /** Returns the number field, which must be present and in {@code [min, max]}. */
    public double requiredDouble(String name, double min, double max) {
        return Values.number(requiredValue(name), min, max);
    }

    /** Returns the number field in {@code [min, max]}, or {@code fallback} when absent. */
    public double optionalDouble(String name, double fallback, double min, double max) {
        return optionalValue(name).map(v -> Values.number(v, min, max)).orElse(fallback);
    }

    /** Returns the boolean field, which must be present. */
    public boolean requiredBoolean(String name) {
        return Values.bool(requiredValue(name));
    }

    /** Returns the boolean field, or {@code fallback} when absent. */
    public boolean optionalBoolean(String name, boolean fallback) {
        return optionalValue(name).map(Values::bool).orElse(fallback);
    }

    /** Returns the string field, which must be present and one of {@code allowed}. */
    public String requiredEnum(String name, Collection<String> allowed) {
        return Values.oneOf(requiredValue(name), allowed);
    }

    /** Returns the string field, one of {@code allowed}, or {@code fallback} when absent. */
    public String optionalEnum(String name, String fallback, Collection<String> allowed) {
        return optionalValue(name).map(v -> Values.oneOf(v, allowed)).orElse(fallback);
    }

    /** Returns a reader over the object field, which must be present. */
    public ObjectReader requiredObject(String name) {
        return of(requiredValue(name), name);
    }

    /** Returns a reader over the object field, if present. */
    public Optional<ObjectReader> optionalObject(String name) {
        return optionalValue(name).map(v -> of(v, name));
    }

    /** Returns readers over the elements of the array field, which must be present. */
    public List<ObjectReader> requiredObjectArray(String name) {
        return objects(name, Values.array(requiredValue(name)));
    }

    /** Returns readers over the elements of the array field, or an empty list when absent. */
    public List<ObjectReader> optionalObjectArray(String name) {
        return optionalValue(name).map(v -> objects(name, Values.array(v))).orElse(List.of());
    }

    /** Returns the elements of the array field as raw JSON, or an empty list when absent. */
    public List<JsonValue> optionalArray(String name) {
        return optionalValue(name).map(Values::array).orElse(List.of());
    }

    /** Accepts these fields without reading them, for example documentation-only fields. */
    public void ignore(String... names) {
        known.addAll(List.of(names));
    }

    /**
     * Fails on the first field, in file order, that no getter asked for, located at its name:
     * {@code unknown field "taks" in workload; expected one of tasks, iterations (did you mean
     * "tasks"?)}.
     */
    public void finish() {
        for (JsonField f : object.fields()) {
            if (!known.contains(f.name())) {
                String expected = known.isEmpty() ? what + " takes no fields"
                        : "expected one of " + Names.list(known);
                throw new InputError(f.nameLocation(), "unknown field " + Names.quote(f.name())
                        + " in " + what + "; " + expected, Names.closest(f.name(), known));
            }
        }
    }

    /** Returns an error located at the object itself. */
    public InputError error(String message) {
        return new InputError(object.location(), message, Optional.empty());
    }

    /** Returns an error located at the field's value, or at the object if the field is absent. */
    public InputError errorAt(String name, String message) {
        return errorAt(name, message, Optional.empty());
    }

    /** Returns an error with a suggestion, located at the field's value (or the object). */
    public InputError errorAt(String name, String message, Optional<String> suggestion) {
        Location at = object.get(name).map(JsonValue::location)
                .orElse(object.location().withPath(JsonPath.field(object.path(), name)));
        return new InputError(at, message, suggestion);
    }

    /**
     * Returns the standard error for a string field naming something not in a registry:
     * {@code unknown lock algorithm "spin.tass"; expected one of spin.tas, spin.ttas (did you
     * mean "spin.tas"?)}, located at the field's value.
     *
     * @param kind what the name names, like {@code "lock algorithm"}
     */
    public InputError unknownName(String name, String kind, Collection<String> valid) {
        JsonValue value = requiredValue(name);
        return InputError.unknownName(value.location(), kind, Values.string(value), valid);
    }

    private List<ObjectReader> objects(String name, List<JsonValue> elements) {
        List<ObjectReader> out = new ArrayList<>(elements.size());
        for (int i = 0; i < elements.size(); i++) {
            out.add(of(elements.get(i), name + "[" + i + "]"));
        }
        return List.copyOf(out);
    }
}
