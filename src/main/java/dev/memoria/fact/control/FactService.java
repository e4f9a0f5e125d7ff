package dev.memoria.fact.control;

import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactDefaults;
import dev.memoria.fact.entity.FactReinstated;
import dev.memoria.fact.entity.FactSuperseded;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactsAdded;
import dev.memoria.fact.entity.FactsRemembered;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.fact.entity.FactsWritten;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.quota.control.Quotas;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Remembering and forgetting facts. Each public method is one transaction: a failure anywhere, such as
 * one bad fact in a batch, leaves nothing written.
 */
@ApplicationScoped
@Transactional
public class FactService {

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

    public record Page(List<Fact> items, PageCursor next) {}

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
    Event<FactReinstated> reinstated;

    @Inject
    Event<FactsRemembered> remembered;

    @Inject
    Event<FactsAdded> added;

    @Inject
    Quotas quotas;

    @Inject
    FactHistory history;

    @Inject
    PastFacts past;

    @Inject
    Event<FactSuperseded> superseded;

    private final SupersessionDetector detector = SupersessionDetector.deciding();

    /**
     * The newest current facts of an attribute a new fact is compared with, in the scope and in its own write.
     * One value of an exclusive attribute is current at a time when the detector is right; a scope holding
     * thousands of facts it could not tell apart made every write compare with all of them (a batch load of
     * 100,000 such facts did not finish in 11 minutes).
     */
    static final int SUPERSESSION_CANDIDATES = 32;

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
            write.indexTexts();
            write.insert();
            facts.flush();
        }
        added.fire(new FactsAdded(scope.value(), now));
        quotas.checkFactsHeld();
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

    public Fact get(Scope scope, String id) {
        return facts.find(scope, id, Timestamps.now(clock)).orElseThrow(() -> notFound(id));
    }

    public Fact getByKey(Scope scope, String key) {
        return facts.findByKey(scope, key, Timestamps.now(clock)).orElseThrow(() -> keyNotFound(key));
    }

    public Fact change(Scope scope, String id, FactInput changes) {
        Instant now = Timestamps.now(clock);
        scopes.lockExisting(scope); // before reading the fact: a concurrent change or deletion of it has committed
        Fact fact = facts.find(scope, id, now).orElseThrow(() -> notFound(id));
        scopes.touch(scope, now); // the key check below cannot race another writer
        if (changes.has("key")
                && changes.key() != null
                && !changes.key().equals(fact.key())
                && facts.findAnyByKey(scope, changes.key()).isPresent()) {
            throw DomainException.conflict("Another fact of this scope already has the key '" + changes.key() + "'.");
        }
        String indexedBefore = fact.indexedText();
        FactVersion before = fact.currentVersion();
        apply(fact, changes, now);
        versioned(fact, before, Change.EDITED, changes.validFrom(), now);
        if (changes.reinstated()) {
            boolean wasSuperseded = fact.validity().supersededBy() != null;
            fact.reinstate();
            if (wasSuperseded) {
                reinstated.fire(new FactReinstated(scope.value(), fact.id(), fact.content(), now));
            }
        }
        fact.touch(now);
        if (!fact.indexedText().equals(indexedBefore)) {
            writes.written(new FactsWritten(scope.value(), List.of(), List.of(fact)));
        }
        return fact;
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
        if (!settings.current().supersedesAutomatically()) {
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
        SupersessionJudge judge = new SupersessionJudge(detector);
        for (Fact newer : arrived) {
            newer.attribute(detector.attributeOf(newer.content()).orElse(null));
            if (newer.isCurrent(now)) {
                Map<String, Fact> offered = new LinkedHashMap<>();
                candidates.of(newer.content()).forEach(fact -> offered.putIfAbsent(fact.id(), fact));
                for (Fact older : offered.values()) {
                    if (!older.id().equals(newer.id()) && older.isCurrent(now) && arrival.compare(older, newer) < 0) {
                        judge.judge(
                                        newer.content(),
                                        newer.attribute(),
                                        older.content(),
                                        detector.attributeOf(older.content()).orElse(null))
                                .ifPresent(decision -> {
                                    older.supersede(newer.id(), newer.validity().validFrom(), decision.evidence());
                                    superseded.fire(
                                            new FactSuperseded(scope.value(), older.id(), older.content(), now));
                                });
                    }
                }
            }
            candidates.add(newer);
        }
    }

    /** Why an automatic decision superseded the fact (JSON), while it stays superseded. */
    public Optional<String> supersessionEvidence(Scope scope, String id) {
        return Optional.ofNullable(get(scope, id).supersessionEvidence());
    }

    /** Every version of the fact, oldest first. */
    public List<FactVersion> history(Scope scope, String id) {
        return history.of(get(scope, id));
    }

    /** After a change of {@code fact}: a new version when what it says changed, with the attribute it states. */
    private void versioned(Fact fact, FactVersion before, Change how, Instant validFrom, Instant now) {
        if (history.versioned(fact, before, how, validFrom != null ? validFrom : now, now)) {
            fact.attribute(detector.attributeOf(fact.content()).orElse(null));
        }
    }

    /** Deletes the fact and returns it as it was. */
    public Fact forget(Scope scope, String id) {
        Instant now = Timestamps.now(clock);
        scopes.lockExisting(scope); // a fact deleted meanwhile is then a 404, not a second deletion
        Fact fact = facts.find(scope, id, now).orElseThrow(() -> notFound(id));
        remove(scope, fact, now);
        return fact;
    }

    /** Deletes the fact holding the key and returns it as it was. */
    public Fact forgetByKey(Scope scope, String key) {
        Instant now = Timestamps.now(clock);
        scopes.lockExisting(scope);
        Fact fact = facts.findByKey(scope, key, now).orElseThrow(() -> keyNotFound(key));
        remove(scope, fact, now);
        return fact;
    }

    private void remove(Scope scope, Fact fact, Instant now) {
        scopes.touch(scope, now);
        writes.removed(new FactsRemoved(scope.value(), List.of(fact), FactsRemoved.Reason.FORGOTTEN, now));
        facts.remove(fact);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page list(Scope scope, FactFilter filter, PageCursor after, int limit) {
        List<Fact> rows = facts.list(scope, filter, after, limit, Timestamps.now(clock));
        if (rows.size() <= limit) {
            return new Page(rows, null);
        }
        List<Fact> page = rows.subList(0, limit);
        Fact last = page.get(limit - 1);
        return new Page(List.copyOf(page), new PageCursor(last.createdAt(), last.id()));
    }

    /** The scope's facts as they were at {@code at} that pass the filter, newest first, keyset-paged like list. */
    public Page listAsOf(Scope scope, FactFilter filter, PageCursor after, int limit, Instant at) {
        List<Fact> matching = past.asOf(scope, at).stream()
                .filter(filter::accepts)
                .sorted(Comparator.comparing(Fact::createdAt)
                        .thenComparing(Fact::id)
                        .reversed())
                .filter(fact -> after == null
                        || fact.createdAt().isBefore(after.time())
                        || fact.createdAt().equals(after.time()) && fact.id().compareTo(after.id()) < 0)
                .limit(limit + 1L)
                .toList();
        if (matching.size() <= limit) {
            return new Page(matching, null);
        }
        Fact last = matching.get(limit - 1);
        return new Page(matching.subList(0, limit), new PageCursor(last.createdAt(), last.id()));
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
        private final boolean automatic = settings.current().supersedesAutomatically();

        private final SupersessionJudge judge = new SupersessionJudge(detector);

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
                writes.removed(new FactsRemoved(scope.value(), List.of(expired), FactsRemoved.Reason.EXPIRED, now));
                facts.remove(expired);
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
            apply(fact, input, now);
            if (input.validFrom() != null) {
                fact.validFrom(input.validFrom());
            }
            fact.attribute(detector.attributeOf(fact.content()).orElse(null));
            created.add(fact);
            return new Remembered(fact, Outcome.CREATED);
        }

        /**
         * The current facts the remembered one supersedes: those it names, and, when the tenant lets remember
         * decide, a new fact's older values of the exclusive attribute it states. Returns their ids.
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
                decide(newer).forEach((older, decision) -> {
                    if (ended.putIfAbsent(older.id(), older) == null) {
                        older.supersede(newer.id(), newer.validity().validFrom(), decision.evidence());
                        superseded.fire(new FactSuperseded(scope.value(), older.id(), older.content(), now));
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

        /**
         * The current facts a new fact replaces, each with the judge's reasons: older facts of the scope and of this
         * write that share its words, and, for the attributes whose rules are trusted, that state its attribute.
         */
        private Map<Fact, SupersessionJudge.Decision> decide(Fact newer) {
            Map<String, Fact> offered = new LinkedHashMap<>();
            candidates.of(newer.content()).forEach(fact -> offered.putIfAbsent(fact.id(), fact));
            if (SupersessionJudge.trusts(newer.attribute())) {
                facts.currentWithAttribute(scope, newer.attribute(), now, SUPERSESSION_CANDIDATES)
                        .forEach(fact -> offered.putIfAbsent(fact.id(), fact));
                List<Fact> createdWithAttribute = created.stream()
                        .filter(fact -> newer.attribute().equals(fact.attribute()))
                        .toList();
                createdWithAttribute
                        .subList(
                                Math.max(0, createdWithAttribute.size() - SUPERSESSION_CANDIDATES),
                                createdWithAttribute.size())
                        .forEach(fact -> offered.putIfAbsent(fact.id(), fact));
            }
            Map<Fact, SupersessionJudge.Decision> decided = new LinkedHashMap<>();
            for (Fact older : offered.values()) {
                if (!older.id().equals(newer.id())
                        && older.isCurrent(now)
                        && !older.validity()
                                .validFrom()
                                .isAfter(newer.validity().validFrom())) {
                    judge.judge(newer.content(), newer.attribute(), older.content(), older.attribute())
                            .ifPresent(decision -> decided.put(older, decision));
                }
            }
            return decided;
        }

        private Optional<Fact> createdHere(String id) {
            return created.stream().filter(fact -> fact.id().equals(id)).findFirst();
        }

        /** Indexes the slice's new and changed texts and announces them at once: one round of index writes and queued vectors. */
        void indexTexts() {
            writes.written(new FactsWritten(scope.value(), List.copyOf(created), List.copyOf(changed)));
        }

        /** One insert for the new facts after the last change to them; then the write is announced (daily log). */
        void insert() {
            facts.insertAll(scope, created);
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
            apply(fact, input, now);
            versioned(fact, previous, Change.REPLACED, input.validFrom(), now);
            fact.touch(now);
        }
    }

    private static void apply(Fact fact, FactInput input, Instant now) {
        if (input.has("content")) {
            fact.content(input.content());
        }
        if (input.has("key")) {
            fact.key(input.key());
        }
        if (input.has("title")) {
            fact.title(input.title());
        }
        if (input.has("category")) {
            fact.category(input.category());
        }
        if (input.has("type")) {
            fact.type(input.type());
        }
        if (input.has("importance")) {
            fact.importance(input.importance());
        }
        if (input.has("persistent")) {
            fact.persistent(input.persistent());
        }
        if (input.has("tags")) {
            fact.tags(input.tags());
        }
        if (input.has("source")) {
            fact.source(input.source());
        }
        if (input.has("ttl_seconds")) {
            fact.expiresAt(input.ttlSeconds() == null ? null : now.plusSeconds(input.ttlSeconds()));
        }
    }

    private static DomainException notFound(String id) {
        return DomainException.notFound("No fact with id '" + id + "' in this scope.");
    }

    private static DomainException keyNotFound(String key) {
        return DomainException.notFound("No fact with key '" + key + "' in this scope.");
    }
}
