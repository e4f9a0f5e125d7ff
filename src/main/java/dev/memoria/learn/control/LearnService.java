package dev.memoria.learn.control;

import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.RememberService;
import dev.memoria.fact.control.RememberService.Remembered;
import dev.memoria.fact.control.Supersessions;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import dev.memoria.text.control.TextAnalyzer;
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

    public record Learned(List<Fact> added, List<Fact> reinforced, List<String> superseded, int skipped) {}

    /** How many facts in memory a model is shown, nearest the conversation's words first. */
    static final int SHOWN_FACTS = 12;

    private static final Logger LOG = Logger.getLogger(LearnService.class.getName());

    @Inject
    LlmGateway llm;

    @Inject
    RememberService remembering;

    @Inject
    Supersessions supersessions;

    @Inject
    TenantSettingsRepository settings;

    public Learned learn(Scope scope, List<Turn> turns, LlmProvider provider, Double conflictThreshold) {
        llm.unconfigured(provider).ifPresent(missing -> {
            throw DomainException.invalid(
                    "provider", "'" + provider.wireName() + "' is not configured on this server (" + missing + ")");
        });
        // the facts a change may end: near the rules' own facts, or near what the user said for a model to see
        Extraction extraction;
        List<Fact> shown;
        if (provider == LlmProvider.RULES) {
            extraction = RuleExtractor.extract(turns).fitting(FactInput.MAX_CONTENT);
            shown = supersessions.currentSharingWords(
                    scope,
                    extraction.facts().stream().map(ExtractedFact::content).toList(),
                    SHOWN_FACTS);
        } else {
            shown = supersessions.currentSharingWords(
                    scope,
                    turns.stream().filter(Turn::isUser).map(Turn::content).toList(),
                    SHOWN_FACTS);
            extraction = extract(provider, shown, turns).fitting(FactInput.MAX_CONTENT);
        }
        int skipped = extraction.skippedUserTurns(turns);
        if (extraction.facts().isEmpty()) {
            return new Learned(List.of(), List.of(), List.of(), skipped);
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
            List<String> replaced =
                    fact.replacedValue() != null ? statingValue(fact.replacedValue(), shown) : replaced(fact, shown);
            if (!replaced.isEmpty()) {
                fields.put("supersedes", replaced);
            }
            inputs.add(FactInput.of(fields));
        }
        double threshold = conflictThreshold != null
                ? conflictThreshold
                : settings.current().dedupeThreshold();
        List<Remembered> results = remembering.rememberAll(scope, inputs, threshold);
        Set<Fact> added = new LinkedHashSet<>();
        Set<Fact> reinforced = new LinkedHashSet<>();
        Set<String> superseded = new LinkedHashSet<>();
        for (Remembered result : results) {
            (result.isNew() ? added : reinforced).add(result.fact());
            superseded.addAll(result.superseded());
        }
        reinforced.removeAll(added); // a fact said twice in one conversation is simply new
        return new Learned(List.copyOf(added), List.copyOf(reinforced), List.copyOf(superseded), skipped);
    }

    /**
     * The ids of the nearest facts that state the value a change statement said was replaced ("switched from
     * Python": "User prefers Python"), all its terms.
     */
    static List<String> statingValue(String value, List<Fact> nearest) {
        Set<String> terms = TextAnalyzer.termFrequencies(value).keySet();
        if (terms.isEmpty()) {
            return List.of();
        }
        return nearest.stream()
                .filter(fact ->
                        TextAnalyzer.termFrequencies(fact.content()).keySet().containsAll(terms))
                .map(Fact::id)
                .toList();
    }

    /**
     * The ids of the shown facts the model said the new fact replaces, kept only where the two share at least two
     * terms: a model talked into "mark every fact superseded" by a turn or a stored fact still reaches nothing
     * else. A number that names no shown fact is ignored, and the fact is decided offline like any other.
     */
    static List<String> replaced(ExtractedFact fact, List<Fact> shown) {
        Set<String> terms = TextAnalyzer.termFrequencies(fact.content()).keySet();
        List<String> ids = new ArrayList<>();
        for (int number : fact.replaces()) {
            if (number >= 1 && number <= shown.size()) {
                Fact older = shown.get(number - 1);
                long shared = TextAnalyzer.termFrequencies(older.content()).keySet().stream()
                        .filter(terms::contains)
                        .count();
                if (shared >= 2 && !ids.contains(older.id())) {
                    ids.add(older.id());
                }
            }
        }
        return ids;
    }

    private Extraction extract(LlmProvider provider, List<Fact> shown, List<Turn> turns) {
        String conversation =
                LlmPrompt.conversation(shown.stream().map(Fact::content).toList(), turns);
        try {
            String answer = switch (provider) {
                case OPENAI -> llm.openAi(LlmPrompt.SYSTEM, conversation);
                case OPENAI_COMPAT -> llm.openAiCompat(LlmPrompt.SYSTEM, conversation);
                case ANTHROPIC -> llm.anthropic(LlmPrompt.SYSTEM, conversation);
                case RULES -> throw new IllegalStateException("rules extract without a model");
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
