package dev.memoria.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What a migration read from an old store: lines in Memoria's export format, and the files (or entries) it could not
 * read. Ids are derived from where each item came from, so running a migration again imports nothing twice.
 */
final class Migration {

    /** A file or entry left out, and why. */
    record Skipped(String what, String reason) {}

    private final String source;
    private final List<JsonObject> lines = new ArrayList<>();
    private final List<Skipped> skipped = new ArrayList<>();
    private int filesRead;

    Migration(String source) {
        this.source = source;
    }

    List<JsonObject> lines() {
        return lines;
    }

    List<Skipped> skipped() {
        return skipped;
    }

    int filesRead() {
        return filesRead;
    }

    void read() {
        filesRead++;
    }

    void skip(String what, String reason) {
        skipped.add(new Skipped(what, reason));
    }

    /**
     * The id of what came from {@code origin} and goes to {@code scope}: a re-run into the same scope finds the same
     * id, and the same folder migrated into another scope gets ids of its own there.
     */
    String id(String scope, String... origin) {
        return legacyId(scope + "\u0000" + String.join("\u0000", origin));
    }

    /** The ids earlier versions derived from the origin alone, kept where they already named the target scope. */
    String legacyId(String... origin) {
        return UUID.nameUUIDFromBytes(
                        (source + "\u0000" + String.join("\u0000", origin)).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** A fact line with the fields every fact needs; the caller adds the rest. */
    JsonObjectBuilder fact(String id, String scope, String content, Instant created, Instant updated) {
        return Json.createObjectBuilder()
                .add("kind", "fact")
                .add("id", id)
                .add("scope", scope)
                .add("content", content)
                .add("source", "migrate:" + source)
                .add("created_at", created.toString())
                .add("updated_at", updated.toString());
    }

    void add(JsonObjectBuilder line) {
        lines.add(line.build());
    }

    /**
     * The file's text, refused (CharacterCodingException) when it is not UTF-8. Opened without following a link: the
     * readers admit no link ({@link MigratedFolder}), and one put in its place after that check is not read either.
     */
    static String utf8(java.nio.file.Path file) throws java.io.IOException {
        byte[] bytes;
        try (var in = java.nio.file.Files.newInputStream(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readAllBytes();
        }
        return StandardCharsets.UTF_8
                .newDecoder()
                .decode(java.nio.ByteBuffer.wrap(bytes))
                .toString();
    }

    /** RFC 3339 or ISO local time (taken as UTC, as Python's naive datetimes are written). */
    static Optional<Instant> time(Object value) {
        if (value instanceof java.util.Date date) {
            return Optional.of(date.toInstant());
        }
        if (!(value instanceof String text) || text.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text.strip()).toInstant());
        } catch (DateTimeParseException notOffset) {
            try {
                return Optional.of(LocalDateTime.parse(text.strip()).toInstant(ZoneOffset.UTC));
            } catch (DateTimeParseException notLocal) {
                return Optional.empty();
            }
        }
    }

    private static final java.util.regex.Pattern SEGMENT = java.util.regex.Pattern.compile("[A-Za-z0-9._@-]{1,64}");

    /** Why Memoria would refuse this key, if it would: 1-128 characters, none a control one, no space at either end. */
    static Optional<String> keyProblem(String key) {
        if (key == null || key.isEmpty() || key.codePointCount(0, key.length()) > 128) {
            return Optional.of("the key is not 1-128 characters long");
        }
        if (key.codePoints().anyMatch(Character::isISOControl)) {
            return Optional.of("the key holds a control character");
        }
        if (Character.isWhitespace(key.codePointAt(0)) || Character.isWhitespace(key.codePointBefore(key.length()))) {
            return Optional.of("the key starts or ends with a space");
        }
        return Optional.empty();
    }

    /** A tag Memoria takes (1-64 characters on one line), or empty. */
    static Optional<String> tag(String text) {
        String tag = text == null ? "" : text.strip();
        return tag.isEmpty()
                        || tag.codePointCount(0, tag.length()) > 64
                        || tag.chars().anyMatch(Character::isISOControl)
                ? Optional.empty()
                : Optional.of(tag);
    }

    /** %XX escapes (UTF-8) decoded, as Python's urllib.parse.quote(…, safe="") wrote them; '+' stays '+'. */
    static String percentDecoded(String name) {
        StringBuilder text = new StringBuilder(name.length());
        java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '%'
                    && i + 2 < name.length()
                    && Character.digit(name.charAt(i + 1), 16) >= 0
                    && Character.digit(name.charAt(i + 2), 16) >= 0) {
                run.write(Integer.parseInt(name.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                text.append(run.toString(StandardCharsets.UTF_8)).append(c);
                run.reset();
            }
        }
        return text.append(run.toString(StandardCharsets.UTF_8)).toString();
    }

    /** Why Memoria would refuse this content or category, if it would: such an entry is skipped, not sent. */
    static Optional<String> problemWith(String content, String category) {
        if (content == null || content.isBlank()) {
            return Optional.of("no content");
        }
        if (content.strip().codePointCount(0, content.strip().length()) > 8000) {
            return Optional.of("content longer than 8000 characters");
        }
        if (content.indexOf(0) >= 0) {
            return Optional.of("content holds a NUL character");
        }
        if (category != null
                && (category.isBlank()
                        || category.strip().length() > 64
                        || category.chars().anyMatch(Character::isISOControl))) {
            return Optional.of("category is not 1-64 characters on one line");
        }
        return Optional.empty();
    }

    /** True when the text is a Memoria scope: up to 8 ':'-separated segments of [A-Za-z0-9._@-], never '.' or '..'. */
    static boolean isScope(String text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        String[] segments = text.split(":", -1);
        return segments.length <= 8
                && java.util.Arrays.stream(segments)
                        .allMatch(s -> SEGMENT.matcher(s).matches() && !s.equals(".") && !s.equals(".."));
    }
}
