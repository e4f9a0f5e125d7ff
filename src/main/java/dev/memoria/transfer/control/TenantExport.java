package dev.memoria.transfer.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.control.FactHistory;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotRepository;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the current tenant for an export in pages of {@link #PAGE} rows in id order, each page a statement of its
 * own without a transaction: memory stays bounded at any size, and no lock is held while the client reads.
 * Only what the token's memory_scopes cover, and no expired fact.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class TenantExport {

    static final int PAGE = 500;

    /** Takes one exported item; may fail writing it out. */
    public interface Sink<T> {
        void accept(T item) throws IOException;
    }

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    DailyLogRepository logs;

    @Inject
    FactHistory history;

    @Inject
    SnapshotRepository snapshots;

    @Inject
    ScopeAccess access;

    @Inject
    TenantEntityManager db;

    /** A scope_prefix wholly outside the token's memory_scopes is refused (403), as any scope outside them is. */
    public void requireReach(Scope below) {
        boolean reaches = access.allowedScopes()
                .map(allowed -> allowed.stream().anyMatch(scope -> below.isWithin(scope) || scope.isWithin(below)))
                .orElse(true);
        if (!reaches) {
            throw DomainException.forbidden(
                    "The token's memory_scopes do not cover scope '" + below + "' or any scope below it.");
        }
    }

    public void facts(Scope below, Instant now, Sink<Fact> sink) throws IOException {
        pages(after -> facts.tenantPage(below, after, PAGE, now), Fact::id, Fact::scopeName, sink);
    }

    /**
     * The older versions of the facts {@link #facts} exports at {@code now}: current versions are the fact lines, and
     * an expired fact's history goes no more than the fact does (an import would find no fact to keep it for).
     */
    public void versions(Scope below, Instant now, Sink<FactVersion> sink) throws IOException {
        FactVersion after = null;
        while (true) {
            List<FactVersion> page;
            try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
                page = history.tenantPage(below, after, PAGE, now);
            }
            for (FactVersion version : page) {
                if (access.canAccess(Scope.of(version.scopeName()))) {
                    sink.accept(version);
                }
            }
            if (page.size() < PAGE) {
                return;
            }
            after = page.get(page.size() - 1);
        }
    }

    public void logs(Scope below, Sink<DailyLogEntry> sink) throws IOException {
        pages(after -> logs.tenantPage(below, after, PAGE), DailyLogEntry::id, DailyLogEntry::scopeName, sink);
    }

    /** Each snapshot with its facts that have not expired since. */
    public void snapshots(Scope below, Sink<SnapshotWithFacts> sink) throws IOException {
        Instant now = Timestamps.now(clock);
        pages(
                after -> snapshots.tenantPage(below, after, PAGE),
                Snapshot::id,
                Snapshot::scopeName,
                snapshot -> sink.accept(new SnapshotWithFacts(snapshot, copiesOf(snapshot, now))));
    }

    private List<Fact.Row> copiesOf(Snapshot snapshot, Instant now) {
        try (TenantEntityManager.ReadBlock reads = db.readWithoutTransaction()) {
            return snapshots.facts(snapshot).stream()
                    .filter(fact -> !fact.isExpired(now))
                    .toList();
        }
    }

    public record SnapshotWithFacts(Snapshot snapshot, List<Fact.Row> facts) {}

    private <T> void pages(
            Function<String, List<T>> page, Function<T, String> id, Function<T, String> scope, Sink<T> sink)
            throws IOException {
        String after = null;
        while (true) {
            List<T> rows = page.apply(after);
            db.forgetReads();
            for (T row : rows) {
                if (access.canAccess(Scope.of(scope.apply(row)))) {
                    sink.accept(row);
                }
            }
            if (rows.size() < PAGE) {
                return;
            }
            after = id.apply(rows.get(rows.size() - 1));
        }
    }
}
