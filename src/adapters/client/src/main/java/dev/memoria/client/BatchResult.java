package dev.memoria.client;

import java.util.List;
import java.util.Map;

/** The answer of a batch remember: counts, and one item per input in input order. */
public record BatchResult(int created, int reinforced, List<Remembered> items) {

    static BatchResult from(Map<String, Object> o) {
        return new BatchResult(
                JsonRead.intValue(o, "created"),
                JsonRead.intValue(o, "reinforced"),
                JsonRead.objects(o, "items", Remembered::from));
    }
}
