package dev.memoria.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A scope of the caller's tenant that its token may see. */
public record ScopeInfo(String scope, long facts, long persistentFacts, long logEntries, Instant updatedAt) {

    static ScopeInfo from(Map<String, Object> o) {
        return new ScopeInfo(
                JsonRead.string(o, "scope"),
                JsonRead.longValue(o, "facts"),
                JsonRead.longValue(o, "persistent_facts"),
                JsonRead.longValue(o, "log_entries"),
                JsonRead.instant(o, "updated_at"));
    }

    /** One page of scopes, by name; {@code nextCursor} is null on the last page. */
    public record Page(List<ScopeInfo> items, String nextCursor) {
        static Page from(Map<String, Object> o) {
            return new Page(JsonRead.objects(o, "items", ScopeInfo::from), JsonRead.string(o, "next_cursor"));
        }
    }
}
