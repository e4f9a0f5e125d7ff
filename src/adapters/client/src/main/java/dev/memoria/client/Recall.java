package dev.memoria.client;

import java.util.List;
import java.util.Map;

/**
 * The answer of a recall: the facts best first, each with its score and the signals that made it, the mode the
 * server used, and {@code context}, one {@code [type] content} line per fact for a prompt.
 */
public record Recall(String query, RecallMode mode, List<Item> items, String context) {

    /** One recalled fact. */
    public record Item(Fact fact, double score, Signals signals) {}

    /** Each in [0, 1]; {@code semantic} is null while the fact has no vector, or in keyword mode. */
    public record Signals(double keyword, Double semantic, double importance, double retention) {}

    static Recall from(Map<String, Object> o) {
        return new Recall(
                JsonRead.string(o, "query"),
                RecallMode.of(JsonRead.string(o, "mode")),
                JsonRead.objects(o, "items", item -> {
                    Map<String, Object> s = JsonRead.object(item, "signals");
                    Signals signals = s == null
                            ? null
                            : new Signals(
                                    JsonRead.doubleValue(s, "keyword"),
                                    JsonRead.nullableDouble(s, "semantic"),
                                    JsonRead.doubleValue(s, "importance"),
                                    JsonRead.doubleValue(s, "retention"));
                    return new Item(
                            Fact.from(JsonRead.object(item, "fact")), JsonRead.doubleValue(item, "score"), signals);
                }),
                JsonRead.string(o, "context"));
    }

    public List<Fact> facts() {
        return items.stream().map(Item::fact).toList();
    }
}
