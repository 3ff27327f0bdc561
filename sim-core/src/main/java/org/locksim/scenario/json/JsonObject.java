package org.locksim.scenario.json;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A JSON object: fields in file order, with unique names.
 *
 * @param location where the opening brace is
 * @param fields   the fields, in the order they appear
 */
public record JsonObject(Location location, List<JsonField> fields) implements JsonValue {

    /** Validates the components and copies the field list. */
    public JsonObject {
        Objects.requireNonNull(location, "location");
        fields = List.copyOf(fields);
        Set<String> seen = new HashSet<>();
        for (JsonField f : fields) {
            if (!seen.add(f.name())) {
                throw new IllegalArgumentException("duplicate field " + Names.quote(f.name()));
            }
        }
    }

    /** Returns the field with this name, if present. */
    public Optional<JsonField> field(String name) {
        for (JsonField f : fields) {
            if (f.name().equals(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** Returns the value of the field with this name, if present. */
    public Optional<JsonValue> get(String name) {
        return field(name).map(JsonField::value);
    }

    /** Returns the field names in file order. */
    public List<String> names() {
        return fields.stream().map(JsonField::name).toList();
    }

    /**
     * Returns a copy of this object in which {@code field} replaces the field of the same name,
     * or is appended when there is none.
     */
    public JsonObject with(JsonField field) {
        List<JsonField> copy = new ArrayList<>(fields);
        int i = names().indexOf(field.name());
        if (i >= 0) {
            copy.set(i, field);
        } else {
            copy.add(field);
        }
        return new JsonObject(location, copy);
    }

    @Override
    public String describe() {
        return "an object";
    }
}
