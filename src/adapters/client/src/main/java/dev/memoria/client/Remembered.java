package dev.memoria.client;

import java.util.List;
import java.util.Map;

/**
 * The answer of a remember: the fact, whether an existing fact was reinforced (a near-duplicate) or replaced
 * (same key) rather than a new one created, and the ids of the facts it superseded.
 */
public record Remembered(Fact fact, boolean reinforced, List<String> superseded) {

    static Remembered from(Map<String, Object> o) {
        return new Remembered(Fact.from(o), JsonRead.bool(o, "reinforced"), JsonRead.strings(o, "superseded"));
    }
}
