package dev.memoria.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A conversation's window in a scope: the opaque text a chat memory replaces whole on every turn. {@code content} is
 * null in a {@link Page}, which lists ids, sizes and times only. {@code size} is the content's length in characters.
 * {@code etag} is the server's {@code ETag} of this version (null in a {@link Page}): give it to
 * {@link MemoriaClient#saveWindow(String, String, String, String)} to replace this version and no other.
 */
public record Window(String scope, String id, String content, long size, Instant updatedAt, String etag) {

    /** A window without an ETag. */
    public Window(String scope, String id, String content, long size, Instant updatedAt) {
        this(scope, id, content, size, updatedAt, null);
    }

    static Window from(Map<String, Object> o, String etag) {
        return new Window(
                JsonRead.string(o, "scope"),
                JsonRead.string(o, "id"),
                JsonRead.string(o, "content"),
                JsonRead.longValue(o, "size"),
                JsonRead.instant(o, "updated_at"),
                etag);
    }

    /** One page of a scope's windows, by id, without contents; {@code nextCursor} is null on the last page. */
    public record Page(List<Window> items, String nextCursor) {
        static Page from(String scope, Map<String, Object> o) {
            return new Page(
                    JsonRead.objects(
                            o,
                            "items",
                            item -> new Window(
                                    scope,
                                    JsonRead.string(item, "id"),
                                    null,
                                    JsonRead.longValue(item, "size"),
                                    JsonRead.instant(item, "updated_at"))),
                    JsonRead.string(o, "next_cursor"));
        }
    }
}
