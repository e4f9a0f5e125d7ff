package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactSuperseded;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.supersession.control.SupersessionJudge;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Automatic supersession of a scope's facts: which current facts a new one replaces, offered to the {@link
 * SupersessionJudge} and ended with its evidence. Every path decides here: remembers (through {@link
 * RememberService}), a migration's arrivals, and learn's choice of what to show a model.
 */
@ApplicationScoped
@Transactional
public class Supersessions {

    /**
     * The newest current facts of an attribute a new fact is compared with, in the scope and in its own write.
     * One value of an exclusive attribute is current at a time when the rules are right; a scope holding
     * thousands of facts they could not tell apart made every write compare with all of them (a batch load of
     * 100,000 such facts did not finish in 11 minutes).
     */
    static final int BY_ATTRIBUTE = 32;

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    TermLookup terms;

    @Inject
    Event<FactSuperseded> superseded;

    /** The tenant lets remember decide what a new fact supersedes ({@code supersede: auto}). */
    boolean automatic() {
        return settings.current().supersedesAutomatically();
    }

    /**
     * The current facts of the scope that share the most words with any of the texts, at most {@code limit}: what
     * learn shows a model so it can say which of them a new fact replaces.
     */
    public List<Fact> currentSharingWords(Scope scope, List<String> texts, int limit) {
        SupersessionCandidates candidates = new SupersessionCandidates(
                texts, WriteTerms.of(texts, scope, terms), scope, terms, facts, Timestamps.now(clock));
        Map<String, Fact> found = new LinkedHashMap<>();
        for (String text : texts) {
            candidates.of(text).forEach(fact -> found.putIfAbsent(fact.id(), fact));
        }
        return found.values().stream().limit(limit).toList();
    }

    /**
     * Decides supersession for facts that arrived without it (a migration's import lines), in time order and then
     * in the order given, as remembers in that order would: each may end current facts of the scope it replaces,
     * earlier arrivals included, so a chain ends link by link and only the newest value stays current.
     */
    public void decideArrivals(Scope scope, List<String> ids, Instant now) {
        if (!automatic()) {
            return;
        }
        Map<String, Integer> position = new HashMap<>();
        ids.forEach(id -> position.putIfAbsent(id, position.size()));
        Comparator<Fact> arrival = Comparator.comparing(
                        (Fact fact) -> fact.validity().validFrom())
                .thenComparing(fact -> position.getOrDefault(fact.id(), -1));
        List<Fact> arrived = new ArrayList<>(facts.liveAmong(scope, ids, now));
        arrived.sort(arrival);
        List<String> contents = arrived.stream().map(Fact::content).toList();
        SupersessionCandidates candidates =
                new SupersessionCandidates(contents, WriteTerms.of(contents, scope, terms), scope, terms, facts, now);
        SupersessionJudge judge = new SupersessionJudge();
        List<Fact> earlier = new ArrayList<>();
        for (Fact newer : arrived) {
            newer.attribute(SupersessionJudge.attributeOf(newer.content()).orElse(null));
            if (newer.isCurrent(now)) {
                // facts imported with their state never had their attribute read: read it here
                decide(
                                scope,
                                newer,
                                candidates,
                                earlier,
                                judge,
                                now,
                                older -> arrival.compare(older, newer) < 0,
                                older -> SupersessionJudge.attributeOf(older.content())
                                        .orElse(null))
                        .forEach((older, decision) -> end(scope, older, newer, decision, now));
            }
            candidates.add(newer);
            earlier.add(newer);
        }
    }

    /**
     * The current facts a new fact replaces, each with the judge's reasons: facts of the scope and of its own write
     * ({@code written}, oldest first) that share its words, and, for the attributes whose rules decide, that state
     * its attribute; of those, only the ones {@code before} the new fact, each read with its {@code attribute}.
     */
    Map<Fact, SupersessionJudge.Decision> decide(
            Scope scope,
            Fact newer,
            SupersessionCandidates candidates,
            Collection<Fact> written,
            SupersessionJudge judge,
            Instant now,
            Predicate<Fact> before,
            Function<Fact, String> attribute) {
        Map<String, Fact> offered = new LinkedHashMap<>();
        candidates.of(newer.content()).forEach(fact -> offered.putIfAbsent(fact.id(), fact));
        if (SupersessionJudge.trusts(newer.attribute())) {
            facts.currentWithAttribute(scope, newer.attribute(), now, BY_ATTRIBUTE)
                    .forEach(fact -> offered.putIfAbsent(fact.id(), fact));
            List<Fact> writtenWithAttribute = written.stream()
                    .filter(fact -> newer.attribute().equals(fact.attribute()))
                    .toList();
            writtenWithAttribute
                    .subList(Math.max(0, writtenWithAttribute.size() - BY_ATTRIBUTE), writtenWithAttribute.size())
                    .forEach(fact -> offered.putIfAbsent(fact.id(), fact));
        }
        Map<Fact, SupersessionJudge.Decision> decided = new LinkedHashMap<>();
        for (Fact older : offered.values()) {
            if (!older.id().equals(newer.id()) && older.isCurrent(now) && before.test(older)) {
                judge.judge(newer.content(), newer.attribute(), older.content(), attribute.apply(older))
                        .ifPresent(decision -> decided.put(older, decision));
            }
        }
        return decided;
    }

    /** Ends the older fact with the newer one, keeping the judge's evidence, and says so. */
    void end(Scope scope, Fact older, Fact newer, SupersessionJudge.Decision decision, Instant now) {
        older.supersede(newer.id(), newer.validity().validFrom(), decision.evidence());
        superseded.fire(new FactSuperseded(scope.value(), older.id(), older.content(), now));
    }
}
