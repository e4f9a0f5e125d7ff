package dev.memoria.client;

import java.util.List;
import java.util.Map;

/** One page of facts, newest first; {@code nextCursor} is null on the last page. */
public record FactPage(List<Fact> items, String nextCursor) {

    static FactPage from(Map<String, Object> o) {
        return new FactPage(JsonRead.objects(o, "items", Fact::from), JsonRead.string(o, "next_cursor"));
    }
}
