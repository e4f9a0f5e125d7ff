package dev.memoria.snapshot.control;

import dev.memoria.fact.control.FactHistory;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactView;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.supersession.control.SupersessionJudge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Snapshots: freeze a scope's facts, list, delete, restore atomically (index included), diff. */
@ApplicationScoped
@Transactional
public class SnapshotService {

    public static final String CURRENT = "current";

    public record Change(FactView before, FactView after) {}

    public record Diff(List<FactView> added, List<FactView> removed, List<Change> changed) {}

    @Inject
    Clock clock;

    @Inject
    SnapshotRepository snapshots;

    @Inject
    FactRepository facts;

    @Inject
    ScopeRegistry scopes;

    @Inject
    FactWrites writes;

    @Inject
    FactHistory history;

    public Snapshot create(Scope scope, String name) {
        String problem = Snapshot.problemWithName(name);
        if (problem != null) {
            throw DomainException.invalid("name", problem);
        }
        Instant now = Timestamps.now(clock);
        scopes.touch(scope, now);
        if (snapshots.find(scope.value(), name).isPresent()) {
            throw DomainException.conflict("A snapshot named '" + name + "' already exists in this scope.");
        }
        Snapshot snapshot = new Snapshot(scope.value(), name, now);
        snapshots.save(snapshot, now);
        return snapshot;
    }

    public List<Snapshot> list(Scope scope) {
        return snapshots.all(scope.value());
    }

    public void delete(Scope scope, String name) {
        snapshots.delete(get(scope, name));
    }

    /**
     * The scope's current facts become exactly the snapshot's, in one transaction: facts the snapshot does not
     * hold are forgotten as a DELETE forgets them (log entries, vectors and history with them), facts it holds
     * that say something else now get a restored version, and facts it holds that are gone come back.
     * Superseded facts are not current: the restore leaves them as they are.
     */
    public int restore(Scope scope, String name) {
        Snapshot snapshot = get(scope, name);
        Instant now = Timestamps.now(clock);
        scopes.touch(scope, now);
        Map<String, Fact.Row> wanted = byId(snapshot, now);
        Map<String, Fact> rows = new LinkedHashMap<>();
        facts.rowsOf(scope).forEach(fact -> rows.put(fact.id(), fact));
        List<Fact> gone = rows.values().stream()
                .filter(fact -> !wanted.containsKey(fact.id()) && (fact.isCurrent(now) || fact.isExpired(now)))
                .toList();
        if (!gone.isEmpty()) {
            writes.remove(scope, gone, FactsRemoved.Reason.RESTORED, now);
            facts.flush(); // before a restored fact takes a key one of them held
        }
        List<Fact> created = new ArrayList<>();
        List<Fact> changed = new ArrayList<>();
        for (Fact.Row copy : wanted.values()) {
            Fact fact = rows.get(copy.id());
            if (fact == null) {
                Fact restored = Fact.restoredFrom(copy, now);
                restored.attribute(
                        SupersessionJudge.attributeOf(restored.content()).orElse(null));
                created.add(restored);
            } else if (!sameMemory(fact, copy) || !fact.isCurrent(now)) {
                FactVersion before = fact.currentVersion();
                fact.takeFrom(copy);
                history.versioned(fact, before, dev.memoria.fact.entity.Change.RESTORED, now, now);
                fact.reinstate();
                changed.add(fact);
            }
        }
        writes.write(scope, created, changed);
        writes.settle(List.of(scope), now);
        return wanted.size();
    }

    /** What changed from snapshot {@code name} to {@code against} (another snapshot, or the live facts). */
    public Diff diff(Scope scope, String name, String against) {
        Instant now = Timestamps.now(clock);
        Map<String, FactView> from = new LinkedHashMap<>(byId(get(scope, name), now));
        Map<String, FactView> to = new LinkedHashMap<>();
        if (against == null || against.equals(CURRENT)) {
            facts.current(scope, now).forEach(fact -> to.put(fact.id(), fact));
        } else {
            to.putAll(byId(get(scope, against), now));
        }
        List<FactView> added = new ArrayList<>();
        List<Change> changed = new ArrayList<>();
        to.forEach((id, after) -> {
            FactView before = from.get(id);
            if (before == null) {
                added.add(after);
            } else if (!sameMemory(before, after)) {
                changed.add(new Change(before, after));
            }
        });
        List<FactView> removed = from.values().stream()
                .filter(fact -> !to.containsKey(fact.id()))
                .toList();
        return new Diff(added, removed, changed);
    }

    private Snapshot get(Scope scope, String name) {
        return snapshots
                .find(scope.value(), name)
                .orElseThrow(() -> DomainException.notFound("No snapshot named '" + name + "' in this scope."));
    }

    /** The snapshot's facts that have not expired since: an expired fact is never shown, nor restored. */
    private Map<String, Fact.Row> byId(Snapshot snapshot, Instant now) {
        Map<String, Fact.Row> byId = new LinkedHashMap<>();
        snapshots.facts(snapshot).stream()
                .filter(fact -> !fact.isExpired(now))
                .forEach(fact -> byId.put(fact.id(), fact));
        return byId;
    }

    /** Same memory: what the fact says and how it is filed; access statistics do not count as change. */
    static boolean sameMemory(FactView a, FactView b) {
        return Objects.equals(a.key(), b.key())
                && Objects.equals(a.title(), b.title())
                && a.content().equals(b.content())
                && a.category().equals(b.category())
                && a.type() == b.type()
                && Double.compare(a.importance(), b.importance()) == 0
                && a.persistent() == b.persistent()
                && a.tags().equals(b.tags())
                && a.source().equals(b.source())
                && Objects.equals(a.expiresAt(), b.expiresAt());
    }
}
