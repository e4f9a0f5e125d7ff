package dev.memoria.client;

import java.util.List;
import java.util.Map;

/**
 * What {@code learn} made of a conversation: new facts, reinforced ones, the ids of the facts the new ones
 * superseded, and the user turns that gave none.
 */
public record Learned(List<Fact> added, List<Fact> reinforced, List<String> superseded, int skipped) {

    /** Nothing superseded. */
    public Learned(List<Fact> added, List<Fact> reinforced, int skipped) {
        this(added, reinforced, List.of(), skipped);
    }

    static Learned from(Map<String, Object> o) {
        return new Learned(
                JsonRead.objects(o, "added", Fact::from),
                JsonRead.objects(o, "reinforced", Fact::from),
                JsonRead.strings(o, "superseded"),
                JsonRead.intValue(o, "skipped"));
    }
}
