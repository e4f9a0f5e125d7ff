package dev.memoria.client;

import java.util.List;
import java.util.Map;

/** What {@code learn} made of a conversation: new facts, reinforced ones, and the user turns that gave none. */
public record Learned(List<Fact> added, List<Fact> reinforced, int skipped) {

    static Learned from(Map<String, Object> o) {
        return new Learned(
                JsonRead.objects(o, "added", Fact::from),
                JsonRead.objects(o, "reinforced", Fact::from),
                JsonRead.intValue(o, "skipped"));
    }
}
