package dev.memoria.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A named copy of a scope's facts; {@code facts} is how many it holds. */
public record Snapshot(String name, Instant createdAt, long facts) {

    static Snapshot from(Map<String, Object> o) {
        return new Snapshot(
                JsonRead.string(o, "name"), JsonRead.instant(o, "created_at"), JsonRead.longValue(o, "facts"));
    }

    /** From a snapshot to {@code current} or another snapshot, facts matched by id. */
    public record Diff(List<Fact> added, List<Fact> removed, List<Change> changed) {

        static Diff from(Map<String, Object> o) {
            return new Diff(
                    JsonRead.objects(o, "added", Fact::from),
                    JsonRead.objects(o, "removed", Fact::from),
                    JsonRead.objects(
                            o,
                            "changed",
                            c -> new Change(
                                    Fact.from(JsonRead.object(c, "before")), Fact.from(JsonRead.object(c, "after")))));
        }
    }

    /** One fact as it was and as it is. */
    public record Change(Fact before, Fact after) {}
}
