package dev.memoria.fact.control;

import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactReinstated;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.PageCursor;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A scope's facts one at a time, by id or key: reading, changing, forgetting, their history and pages of them
 * (remembering is {@link RememberService}'s). Each public method is one transaction.
 */
@ApplicationScoped
@Transactional
public class FactService {

    public record Page(List<Fact> items, PageCursor next) {}

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    ScopeRegistry scopes;

    @Inject
    FactWrites writes;

    @Inject
    Event<FactReinstated> reinstated;

    @Inject
    FactHistory history;

    @Inject
    PastFacts past;

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
        changes.applyTo(fact, now);
        history.versioned(fact, before, Change.EDITED, changes.validFrom() != null ? changes.validFrom() : now, now);
        if (changes.reinstated()) {
            boolean wasSuperseded = fact.validity().supersededBy() != null;
            fact.reinstate();
            if (wasSuperseded) {
                reinstated.fire(new FactReinstated(scope.value(), fact.id(), fact.content(), now));
            }
        }
        fact.touch(now);
        if (!fact.indexedText().equals(indexedBefore)) {
            writes.write(scope, List.of(), List.of(fact));
        }
        return fact;
    }

    /** Why an automatic decision superseded the fact (JSON), while it stays superseded. */
    public Optional<String> supersessionEvidence(Scope scope, String id) {
        return Optional.ofNullable(get(scope, id).supersessionEvidence());
    }

    /** Every version of the fact, oldest first. */
    public List<FactVersion> history(Scope scope, String id) {
        return history.of(get(scope, id));
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
        writes.remove(scope, List.of(fact), FactsRemoved.Reason.FORGOTTEN, now);
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

    private static DomainException notFound(String id) {
        return DomainException.notFound("No fact with id '" + id + "' in this scope.");
    }

    private static DomainException keyNotFound(String key) {
        return DomainException.notFound("No fact with key '" + key + "' in this scope.");
    }
}
