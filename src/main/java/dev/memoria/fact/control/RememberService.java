package dev.memoria.fact.control;

import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactDefaults;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactsRemembered;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.supersession.control.SupersessionJudge;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Remembering facts, one or a batch: a repeat reinforces the fact it repeats, a key replaces what it holds, and a
 * new fact may supersede the values it replaces; the daily log records each. Each public method is one
 * transaction: a failure anywhere, such as one bad fact in a batch, leaves nothing written.
 */
@ApplicationScoped
@Transactional
public class RememberService {

    /**
     * How much content one slice of a write analyses at a time. A thousand facts of 8,000 characters of
     * distinct words, analysed at once, ran a 512 MiB heap out of memory; typical batches are one slice.
     */
    static final int SLICE_CHARACTERS = 500_000;

    public enum Outcome {
        CREATED,
        REINFORCED,
        REPLACED
    }

    /** What a remember did: the fact, how, and the ids of the current facts it superseded. */
    public record Remembered(Fact fact, Outcome outcome, List<String> superseded) {
        public Remembered(Fact fact, Outcome outcome) {
            this(fact, outcome, List.of());
        }

        public boolean isNew() {
            return outcome == Outcome.CREATED;
        }
    }

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    ScopeRegistry scopes;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    TermLookup terms;

    @Inject
    FactWrites writes;

    @Inject
    Event<FactsRemembered> remembered;

    @Inject
    FactHistory history;

    @Inject
    Supersessions supersessions;

    public Remembered remember(Scope scope, FactInput input) {
        return rememberAll(scope, List.of(input)).get(0);
    }

    public List<Remembered> rememberAll(Scope scope, List<FactInput> inputs) {
        return rememberAll(scope, inputs, settings.current().dedupeThreshold());
    }

    /**
     * Remembers with a dedup threshold of the caller's choosing (learn's conflict_threshold). Large writes
     * go in slices of about {@link #SLICE_CHARACTERS} characters of content, all in the one transaction:
     * each slice is written and indexed before the next is analysed, so only one slice's analysis is held
     * in memory, and later slices find the earlier ones' facts in the index like any other fact.
     */
    public List<Remembered> rememberAll(Scope scope, List<FactInput> inputs, double dedupeThreshold) {
        Instant now = Timestamps.now(clock);
        scopes.touch(scope, now);
        facts.flushOnlyAtCommit();
        List<Remembered> results = new ArrayList<>(inputs.size());
        for (List<FactInput> slice : slices(inputs)) {
            Write write = new Write(scope, now, dedupeThreshold, results.size());
            write.prepare(slice);
            for (FactInput input : slice) {
                results.add(write.remember(input));
            }
            write.write();
            facts.flush();
        }
        writes.settle(List.of(scope), now);
        return results;
    }

    /** Consecutive runs of inputs holding at most SLICE_CHARACTERS of content each (at least one input). */
    static List<List<FactInput>> slices(List<FactInput> inputs) {
        List<List<FactInput>> slices = new ArrayList<>();
        int start = 0;
        long characters = 0;
        for (int i = 0; i < inputs.size(); i++) {
            int length = inputs.get(i).content() == null
                    ? 0
                    : inputs.get(i).content().length();
            if (i > start && characters + length > SLICE_CHARACTERS) {
                slices.add(inputs.subList(start, i));
                start = i;
                characters = 0;
            }
            characters += length;
        }
        slices.add(inputs.subList(start, inputs.size()));
        return slices;
    }

    /** Saves under a key: creates it, or replaces the fact holding it and keeps its id and creation time. */
    public Remembered save(Scope scope, String key, FactInput input) {
        return remember(scope, input.withKey(key));
    }

    /** One slice of a remember-or-batch: shares the clock, the duplicate finder and the log sequence. */
    private final class Write {
        private final Scope scope;
        private final Instant now;
        private final double dedupeThreshold;
        /** How many inputs the slices before this one took: their facts and log entries come first. */
        private final int before;

        private DuplicateFinder duplicates;
        private SupersessionCandidates candidates;
        private int logged;
        /** Facts new in this write, inserted with their final state once the write is done. */
        private final Set<Fact> created = new LinkedHashSet<>();

        private final List<FactsRemembered.Remembrance> remembrances = new ArrayList<>();
        /** Keys saved by this slice: not flushed yet, so queries cannot see them. */
        private final Map<String, Fact> savedKeys = new HashMap<>();

        private final Set<Fact> changed = new LinkedHashSet<>();
        /** The tenant lets remember decide what a new fact supersedes. */
        private final boolean automatic = supersessions.automatic();

        private final SupersessionJudge judge = new SupersessionJudge();

        Write(Scope scope, Instant now, double dedupeThreshold, int before) {
            this.scope = scope;
            this.now = now;
            this.dedupeThreshold = dedupeThreshold;
            this.before = before;
        }

        /** Reads what dedup needs for all inputs at once, so a batch costs a few queries, not one per fact. */
        void prepare(List<FactInput> inputs) {
            List<String> deduplicated = inputs.stream()
                    .filter(i -> i.key() == null && i.dedupe())
                    .map(FactInput::content)
                    .toList();
            List<String> contents =
                    automatic ? inputs.stream().map(FactInput::content).toList() : deduplicated;
            WriteTerms writeTerms = WriteTerms.of(contents, scope, terms);
            if (!deduplicated.isEmpty()) {
                duplicates = new DuplicateFinder(dedupeThreshold, deduplicated, writeTerms, scope, terms, facts, now);
            }
            if (automatic) {
                candidates = new SupersessionCandidates(contents, writeTerms, scope, terms, facts, now);
            }
        }

        Remembered remember(FactInput input) {
            Remembered result = input.key() != null
                    ? saveUnderKey(input)
                    : input.dedupe() ? reinforceOrCreate(input) : create(input);
            if (result.outcome() != Outcome.REINFORCED) {
                result = new Remembered(result.fact(), result.outcome(), supersede(result, input));
            }
            // entries of one write keep their order: each is a microsecond after the one before
            Instant at = now.plus(before + logged++, ChronoUnit.MICROS);
            remembrances.add(new FactsRemembered.Remembrance(
                    result.fact().id(), result.fact().category(), result.fact().persistent(), input.content(), at));
            return result;
        }

        private Remembered saveUnderKey(FactInput input) {
            Optional<Fact> holder =
                    Optional.ofNullable(savedKeys.get(input.key())).or(() -> facts.findAnyByKey(scope, input.key()));
            if (holder.isPresent() && !holder.get().isExpired(now)) {
                Fact fact = holder.get();
                replace(fact, input);
                savedKeys.put(input.key(), fact);
                if (!created.contains(fact)) {
                    changed.add(fact);
                }
                return new Remembered(fact, Outcome.REPLACED);
            }
            holder.ifPresent(expired -> {
                writes.remove(scope, List.of(expired), FactsRemoved.Reason.EXPIRED, now);
                facts.flush();
            });
            Remembered result = create(input);
            savedKeys.put(input.key(), result.fact());
            return result;
        }

        private Remembered reinforceOrCreate(FactInput input) {
            if (duplicates == null) {
                throw new IllegalStateException("prepare() was not called");
            }
            Optional<Fact> twin = duplicates.find(input.content());
            if (twin.isPresent()) {
                twin.get().reinforce(now);
                return new Remembered(twin.get(), Outcome.REINFORCED);
            }
            Remembered created = create(input);
            duplicates.add(created.fact());
            return created;
        }

        private Remembered create(FactInput input) {
            // facts of one write keep their order: each is created a microsecond after the one before
            Fact fact = new Fact(scope.value(), input.content(), now.plus(before + created.size(), ChronoUnit.MICROS));
            input.applyTo(fact, now);
            if (input.validFrom() != null) {
                fact.validFrom(input.validFrom());
            }
            fact.attribute(SupersessionJudge.attributeOf(fact.content()).orElse(null));
            created.add(fact);
            return new Remembered(fact, Outcome.CREATED);
        }

        /**
         * The current facts the remembered one supersedes: those it names, and, when the tenant lets remember
         * decide, those a new fact replaces the value of ({@code Supersessions.decide}). Returns their ids.
         */
        private List<String> supersede(Remembered result, FactInput input) {
            Fact newer = result.fact();
            Map<String, Fact> ended = new LinkedHashMap<>();
            for (int i = 0; i < input.supersedes().size(); i++) {
                String id = input.supersedes().get(i);
                Fact older = createdHere(id)
                        .or(() -> facts.find(scope, id, now))
                        .filter(fact -> fact.isCurrent(now) && !fact.id().equals(newer.id()))
                        .orElseThrow(() -> DomainException.invalid(
                                "supersedes", "no current fact of this scope has the id '" + id + "'"));
                ended.put(older.id(), older);
            }
            if (result.isNew() && automatic) {
                Instant from = newer.validity().validFrom();
                supersessions
                        .decide(
                                scope,
                                newer,
                                candidates,
                                created,
                                judge,
                                now,
                                older -> !older.validity().validFrom().isAfter(from),
                                Fact::attribute)
                        .forEach((older, decision) -> {
                            if (ended.putIfAbsent(older.id(), older) == null) {
                                supersessions.end(scope, older, newer, decision, now);
                            }
                        });
                candidates.add(newer);
            }
            ended.values().stream()
                    .filter(older -> older.validity().supersededBy() == null)
                    .forEach(older ->
                            older.supersede(newer.id(), newer.validity().validFrom()));
            return List.copyOf(ended.keySet());
        }

        private Optional<Fact> createdHere(String id) {
            return created.stream().filter(fact -> fact.id().equals(id)).findFirst();
        }

        /**
         * The slice's facts, once the last change to them is made: one round of index writes, one insert, queued
         * vectors; then the remembrances are announced (daily log).
         */
        void write() {
            writes.write(scope, created, changed);
            remembered.fire(new FactsRemembered(scope.value(), remembrances));
        }

        private void replace(Fact fact, FactInput input) {
            FactVersion previous = fact.currentVersion();
            fact.title(null);
            fact.category(FactDefaults.CATEGORY);
            fact.type(FactType.SEMANTIC);
            fact.importance(FactDefaults.IMPORTANCE);
            fact.persistent(false);
            fact.tags(List.of());
            fact.source(FactDefaults.SOURCE);
            fact.expiresAt(null);
            input.applyTo(fact, now);
            history.versioned(
                    fact, previous, Change.REPLACED, input.validFrom() != null ? input.validFrom() : now, now);
            fact.touch(now);
        }
    }
}
