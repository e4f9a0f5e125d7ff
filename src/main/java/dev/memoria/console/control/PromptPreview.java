package dev.memoria.console.control;

import dev.memoria.fact.control.UnrecordedUses;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.recall.control.ContextService;
import dev.memoria.recall.control.RecallMode;
import dev.memoria.recall.control.RecallService;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * What an agent gets for a question: the /context block, built by the agent's own ContextService, and the
 * recall list with each signal and the score, from the agent's own RecallService. Both run inside
 * {@link UnrecordedUses#during}, so looking reinforces nothing; {@code at} reads memory as it was then.
 */
@ApplicationScoped
public class PromptPreview {

    /** How many recalled facts the preview lists (the block itself takes the first few). */
    public static final int RECALL_ROWS = 20;

    /** One recalled fact: the signals in [0, 1] (semantic null without a vector) and the score. */
    public record Row(
            FactDetail fact,
            double score,
            double keyword,
            Double semantic,
            double importance,
            double retention,
            boolean superseded) {}

    public record Preview(String block, String mode, List<Row> recalled) {}

    @Inject
    Clock clock;

    @Inject
    ContextService context;

    @Inject
    RecallService recall;

    /** What an agent reading several scopes gets, as GET /context?scopes= and GET /recall?scopes= answer. */
    public Preview of(List<Scope> scopes, String query, Integer maxTokens, Instant at) {
        return UnrecordedUses.during(() -> {
            String block = context.context(scopes, query, maxTokens, at);
            if (query == null || query.isBlank()) {
                return new Preview(block, null, List.of());
            }
            RecallService.Answer answer = at == null
                    ? recall.recall(scopes, query, RECALL_ROWS, RecallService.Filter.none(), RecallMode.HYBRID, 0)
                    : recall.recallAsOf(scopes, query, RECALL_ROWS, RecallService.Filter.none(), at, 0);
            Instant now = at == null ? Timestamps.now(clock) : at;
            List<Row> rows = answer.items().stream()
                    .map(r -> new Row(
                            FactDetail.of(r.fact(), now),
                            r.score(),
                            r.signals().keyword(),
                            r.signals().semantic(),
                            r.signals().importance(),
                            r.signals().retention(),
                            !r.fact().validity().isCurrent(now)))
                    .toList();
            return new Preview(block, answer.mode().wireName(), rows);
        });
    }
}
