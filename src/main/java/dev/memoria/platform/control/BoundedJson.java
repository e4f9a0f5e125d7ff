package dev.memoria.platform.control;

import dev.memoria.platform.entity.StorableText;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.Reader;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Reads exactly one JSON value with bounds on what it may cost: at most {@link #MAX_DEPTH} levels of
 * nesting (the provider's own tree builder recursed once per level, and 100,000 levels overflowed the
 * stack), numbers of at most {@link #MAX_NUMBER_CHARACTERS} characters with exponents within
 * ±{@link #MAX_EXPONENT} (turning 1e999999999 into a whole number would take gigabytes). The tree is built
 * with an explicit stack instead of recursion.
 */
public final class BoundedJson {

    public static final int MAX_DEPTH = 64;
    public static final int MAX_NUMBER_CHARACTERS = 100;
    public static final int MAX_EXPONENT = 1000;

    /** A body over one of the bounds; a JsonException, so a caller's handling of malformed JSON covers it. */
    public static final class TooComplex extends JsonException {
        public TooComplex(String message) {
            super(message);
        }
    }

    /** A string (or member name) no database can store, at {@code field} ("facts[3].content"). */
    public static final class Unstorable extends JsonException {
        private final String field;

        Unstorable(String field) {
            super(field + ": " + StorableText.PROBLEM);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    private BoundedJson() {}

    /**
     * The one JSON value of {@code reader}: nothing but white space may follow it.
     *
     * @throws JsonParsingException when it is not JSON (an empty text included), or something follows the value
     * @throws TooComplex           when it is nested too deeply or holds an unreasonable number
     * @throws Unstorable           when a string holds a NUL or an unpaired surrogate
     */
    public static JsonValue readOne(Reader reader) {
        try (JsonParser parser = Jsons.createParser(reader)) {
            JsonValue value = read(parser);
            if (parser.hasNext()) {
                throw new JsonParsingException("Unexpected content after the JSON value", parser.getLocation());
            }
            return value;
        }
    }

    private static JsonValue read(JsonParser parser) {
        Deque<Object> open = new ArrayDeque<>(); // JsonObjectBuilder or JsonArrayBuilder
        Deque<String> keys = new ArrayDeque<>(); // the key each open object or array goes under in its parent
        Deque<int[]> counts = new ArrayDeque<>(); // values added so far to each open object or array
        String key = null;
        while (true) {
            JsonParser.Event event = parser.next();
            JsonValue value;
            switch (event) {
                case START_OBJECT, START_ARRAY -> {
                    if (open.size() >= MAX_DEPTH) {
                        throw new TooComplex("The JSON is nested deeper than " + MAX_DEPTH + " levels.");
                    }
                    open.push(
                            event == JsonParser.Event.START_OBJECT
                                    ? Jsons.createObjectBuilder()
                                    : Jsons.createArrayBuilder());
                    keys.push(key == null ? "" : key);
                    counts.push(new int[1]);
                    key = null;
                    continue;
                }
                case KEY_NAME -> {
                    key = storable(parser.getString(), open, keys, counts, null);
                    continue;
                }
                case END_OBJECT -> {
                    value = ((JsonObjectBuilder) open.pop()).build();
                    key = keys.pop();
                    counts.pop();
                }
                case END_ARRAY -> {
                    value = ((JsonArrayBuilder) open.pop()).build();
                    key = keys.pop();
                    counts.pop();
                }
                case VALUE_STRING -> value = Jsons.createValue(storable(parser.getString(), open, keys, counts, key));
                case VALUE_NUMBER -> value = number(parser.getString());
                case VALUE_TRUE -> value = JsonValue.TRUE;
                case VALUE_FALSE -> value = JsonValue.FALSE;
                case VALUE_NULL -> value = JsonValue.NULL;
                default -> throw new JsonParsingException("Unexpected " + event, parser.getLocation());
            }
            if (open.isEmpty()) {
                return value;
            }
            if (open.peek() instanceof JsonObjectBuilder object) {
                object.add(key, value);
            } else {
                ((JsonArrayBuilder) open.peek()).add(value);
            }
            counts.peek()[0]++;
            key = null;
        }
    }

    private static String storable(
            String text, Deque<Object> open, Deque<String> keys, Deque<int[]> counts, String key) {
        if (StorableText.isStorable(text)) {
            return text;
        }
        throw new Unstorable(path(open, keys, counts, key));
    }

    /** Where the parser is, as a caller names fields: {@code facts[3].content}. */
    private static String path(Deque<Object> open, Deque<String> keys, Deque<int[]> counts, String key) {
        List<Object> containers = new ArrayList<>(open);
        List<String> entered = new ArrayList<>(keys);
        List<int[]> added = new ArrayList<>(counts);
        StringBuilder path = new StringBuilder();
        for (int i = containers.size() - 1; i >= 0; i--) { // outermost first
            boolean last = i == 0;
            String member = last ? key : entered.get(i - 1);
            if (containers.get(i) instanceof JsonObjectBuilder) {
                if (member != null) {
                    path.append(path.length() == 0 ? "" : ".").append(member);
                }
            } else {
                path.append('[').append(added.get(i)[0]).append(']');
            }
        }
        return path.length() == 0 ? "body" : path.toString();
    }

    private static JsonValue number(String text) {
        if (text.length() > MAX_NUMBER_CHARACTERS) {
            throw new TooComplex("The JSON holds a number of more than " + MAX_NUMBER_CHARACTERS + " characters.");
        }
        BigDecimal number;
        try {
            number = new BigDecimal(text);
        } catch (NumberFormatException exponentOverflow) { // 1e2147483648: beyond what BigDecimal holds
            throw new TooComplex("The JSON holds a number beyond 10^±" + MAX_EXPONENT + ".");
        }
        if (Math.abs((long) number.scale()) > MAX_EXPONENT) {
            throw new TooComplex("The JSON holds a number beyond 10^±" + MAX_EXPONENT + ".");
        }
        return Jsons.createValue(number);
    }
}
