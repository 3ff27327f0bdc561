package org.locksim.scenario.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses JSON text into a {@link JsonValue} tree in which every value knows its file, path,
 * line and column.
 *
 * <p>Parsing is strict: standard JSON only (no comments, no trailing commas, no single quotes),
 * no duplicate keys, and nothing but whitespace after the root value. Every failure, including
 * a file that cannot be read, is an {@link InputError}.
 */
public final class JsonTree {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final char BYTE_ORDER_MARK = '\uFEFF';
    /**
     * The largest file {@link #read} takes, 16 MiB: hundreds of times the largest bundled
     * scenario, and small enough that its tree fits the default heap; a larger file, or a
     * stream without end such as {@code /dev/zero}, is refused before it is parsed.
     */
    public static final int MAX_FILE_BYTES = 16 << 20;
    /**
     * The deepest nesting of objects and arrays a scenario may have, 64: a bundled scenario
     * nests five or six deep, and a deeper one is refused at the line and column where it
     * passes the limit, before the parser's own limit (1,000, reported without a place).
     */
    public static final int MAX_DEPTH = 64;

    private JsonTree() {
    }

    /**
     * Reads and parses a UTF-8 file; errors name the file as {@code file.toString()}.
     *
     * @throws InputError if the file cannot be read or is not valid JSON
     */
    public static JsonValue read(Path file) {
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
            if (bytes.length > MAX_FILE_BYTES) {
                throw new InputError(Location.ofFile(file.toString()), "larger than " + (MAX_FILE_BYTES >> 20)
                        + " MB, the most a scenario file may hold; refused before reading it all",
                        Optional.empty());
            }
            text = utf8(file.toString(), bytes);
        } catch (IOException e) {
            throw InputError.unreadable(file.toString(), e);
        }
        return parse(file.toString(), text);
    }

    /** Decodes {@code bytes}; a byte that is not UTF-8 is located by line, column and byte offset. */
    static String utf8(String fileName, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        out.flip();
        if (result.isError()) {
            int line = 1;
            int column = 1;
            for (int i = 0; i < out.limit(); i++) {
                column = out.get(i) == '\n' ? 1 : column + 1;
                line += out.get(i) == '\n' ? 1 : 0;
            }
            throw new InputError(new Location(fileName, "", line, column), String.format(java.util.Locale.ROOT,
                    "not UTF-8 text: byte 0x%02x at byte offset %d", bytes[in.position()] & 0xff, in.position()),
                    Optional.empty());
        }
        return out.toString();
    }

    /**
     * Parses {@code text}, naming {@code fileName} in locations and errors.
     *
     * @throws InputError if the text is not exactly one valid JSON value
     */
    public static JsonValue parse(String fileName, String text) {
        return parse(fileName, text, JsonPath.ROOT, 0);
    }

    /**
     * Parses a fragment whose root sits at {@code rootPath} and whose first line starts
     * {@code columnOffset} characters into its source, as for a {@code --set} value.
     */
    static JsonValue parse(String fileName, String text, String rootPath, int columnOffset) {
        String body = !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
        try (JsonParser parser = FACTORY.createParser(body)) {
            return new Builder(parser, fileName, rootPath, columnOffset).root();
        } catch (IOException e) {
            throw InputError.unreadable(fileName, e);
        }
    }

    /** Builds the tree from one parser, tracking paths itself. */
    private static final class Builder {
        private final JsonParser parser;
        private final String file;
        private final String rootPath;
        private final int columnOffset;
        private final Deque<String> paths = new ArrayDeque<>();
        private int depth;

        Builder(JsonParser parser, String file, String rootPath, int columnOffset) {
            this.parser = parser;
            this.file = file;
            this.rootPath = rootPath;
            this.columnOffset = columnOffset;
        }

        JsonValue root() throws IOException {
            try {
                JsonToken first = parser.nextToken();
                if (first == null) {
                    throw new InputError(new Location(file, rootPath, 1, 1 + columnOffset),
                            "empty input; expected a JSON value", Optional.empty());
                }
                JsonValue root = value(first, rootPath);
                trailing();
                return root;
            } catch (JsonProcessingException e) {
                throw syntaxError(e);
            }
        }

        private void trailing() throws IOException {
            JsonToken extra;
            try {
                extra = parser.nextToken();
            } catch (JsonProcessingException e) {
                throw trailingError(e.getLocation());
            }
            if (extra != null) {
                throw trailingError(parser.currentTokenLocation());
            }
        }

        private InputError trailingError(JsonLocation at) {
            return new InputError(location(at, rootPath),
                    "unexpected content after the end of the JSON value; expected end of input",
                    Optional.empty());
        }

        private JsonValue value(JsonToken token, String path) throws IOException {
            Location at = location(parser.currentTokenLocation(), path);
            switch (token) {
                case START_OBJECT:
                case START_ARRAY:
                    if (++depth > MAX_DEPTH) {
                        throw new InputError(at, "objects and arrays nested deeper than " + MAX_DEPTH
                                + " levels; a scenario needs far fewer", Optional.empty());
                    }
                    JsonValue container = token == JsonToken.START_OBJECT ? object(at) : array(at);
                    depth--;
                    return container;
                case VALUE_STRING:
                    return new JsonString(at, parser.getText());
                case VALUE_NUMBER_INT:
                    return new JsonNumber(at, parser.getText(), true);
                case VALUE_NUMBER_FLOAT:
                    return new JsonNumber(at, parser.getText(), false);
                case VALUE_TRUE:
                    return new JsonBool(at, true);
                case VALUE_FALSE:
                    return new JsonBool(at, false);
                case VALUE_NULL:
                    return new JsonNull(at);
                default:
                    throw new IllegalStateException("unexpected token " + token + " at " + at);
            }
        }

        private JsonObject object(Location at) throws IOException {
            Map<String, JsonField> fields = new LinkedHashMap<>();
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                String path = JsonPath.field(at.path(), name);
                Location nameAt = location(parser.currentTokenLocation(), path);
                JsonField earlier = fields.get(name);
                if (earlier != null) {
                    throw new InputError(nameAt, "duplicate field " + Names.quote(name)
                            + "; it is already defined at line " + earlier.nameLocation().line()
                            + ", column " + earlier.nameLocation().column(), Optional.empty());
                }
                paths.push(path);
                JsonValue value = value(parser.nextToken(), path);
                paths.pop();
                fields.put(name, new JsonField(name, nameAt, value));
            }
            assert token == JsonToken.END_OBJECT : token;
            return new JsonObject(at, new ArrayList<>(fields.values()));
        }

        private JsonArray array(Location at) throws IOException {
            List<JsonValue> elements = new ArrayList<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                String path = JsonPath.index(at.path(), elements.size());
                paths.push(path);
                elements.add(value(token, path));
                paths.pop();
            }
            return new JsonArray(at, elements);
        }

        private Location location(JsonLocation at, String path) {
            int line = Math.max(1, at.getLineNr());
            int column = Math.max(1, at.getColumnNr()) + (line == 1 ? columnOffset : 0);
            return new Location(file, path, line, column);
        }

        private InputError syntaxError(JsonProcessingException e) {
            String path = paths.isEmpty() ? rootPath : paths.peek();
            return InputError.syntax(file, path, e, columnOffset);
        }
    }
}
