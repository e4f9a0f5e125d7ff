package dev.memoria.learn.control;

import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.control.FactService.Remembered;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * Distils a conversation into facts: extraction first (rules, or an LLM call outside any transaction), then
 * every fact through the same dedup as remember, all in one transaction. A failed or unreadable LLM answer
 * writes nothing.
 */
@ApplicationScoped
public class LearnService {

    public record Learned(List<Fact> added, List<Fact> reinforced, int skipped) {}

    private static final Logger LOG = Logger.getLogger(LearnService.class.getName());

    @Inject
    LlmGateway llm;

    @Inject
    FactService facts;

    @Inject
    TenantSettingsRepository settings;

    public Learned learn(Scope scope, List<Turn> turns, LlmProvider provider, Double conflictThreshold) {
        llm.unconfigured(provider).ifPresent(missing -> {
            throw DomainException.invalid(
                    "provider", "'" + provider.wireName() + "' is not configured on this server (" + missing + ")");
        });
        Extraction extraction = extract(provider, turns).fitting(FactInput.MAX_CONTENT);
        int skipped = extraction.skippedUserTurns(turns);
        if (extraction.facts().isEmpty()) {
            return new Learned(List.of(), List.of(), skipped);
        }
        // only what an extractor may decide: no key (which would replace a fact), no supersedes, no persistence;
        // an existing fact changes only as any new fact changes it (dedup, the tenant's automatic supersession)
        List<FactInput> inputs = new ArrayList<>();
        for (ExtractedFact fact : extraction.facts()) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("content", fact.content());
            fields.put("type", fact.type().wireName());
            fields.put("importance", fact.importance());
            fields.put("category", fact.category());
            fields.put("source", "learn:" + provider.wireName());
            inputs.add(FactInput.of(fields));
        }
        double threshold = conflictThreshold != null
                ? conflictThreshold
                : settings.current().dedupeThreshold();
        List<Remembered> results = facts.rememberAll(scope, inputs, threshold);
        Set<Fact> added = new LinkedHashSet<>();
        Set<Fact> reinforced = new LinkedHashSet<>();
        for (Remembered result : results) {
            (result.isNew() ? added : reinforced).add(result.fact());
        }
        reinforced.removeAll(added); // a fact said twice in one conversation is simply new
        return new Learned(List.copyOf(added), List.copyOf(reinforced), skipped);
    }

    private Extraction extract(LlmProvider provider, List<Turn> turns) {
        if (provider == LlmProvider.RULES) {
            return RuleExtractor.extract(turns);
        }
        String conversation = LlmPrompt.conversation(turns);
        try {
            String answer = switch (provider) {
                case OPENAI -> llm.openAi(LlmPrompt.SYSTEM, conversation);
                case OPENAI_COMPAT -> llm.openAiCompat(LlmPrompt.SYSTEM, conversation);
                case ANTHROPIC -> llm.anthropic(LlmPrompt.SYSTEM, conversation);
                case RULES -> throw new IllegalStateException();
            };
            return LlmPrompt.parse(answer, turns.size());
        } catch (LlmPrompt.MalformedAnswer malformed) {
            throw failed(
                    provider, "answered something that is not the facts JSON asked for: " + malformed.getMessage());
        } catch (LlmCallFailed failure) {
            throw failed(provider, failure.getMessage());
        } catch (CircuitBreakerOpenException open) {
            throw failed(provider, "has failed repeatedly; calls are paused for a while");
        } catch (BulkheadException full) {
            throw DomainException.unavailable(
                    "Too many extractions with '" + provider.wireName() + "' in flight; retry shortly.");
        }
    }

    private static DomainException failed(LlmProvider provider, String why) {
        LOG.warning("learn: provider " + provider.wireName() + " " + why);
        return DomainException.badGateway(
                "The LLM provider '" + provider.wireName() + "' " + why + ". Nothing was written.");
    }
}
