package dev.memoria.console.control;

import dev.memoria.audit.entity.AuditEvent;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A fact's life as its console page shows it: its versions, the fact that superseded it and those it
 * superseded, its daily-log entries and its audit rows, all read through the tenant-bound EntityManager.
 */
@ApplicationScoped
@Transactional
public class FactLife {

    static final int MAX_ROWS = 100;

    /** One version; {@code current} is the one the fact says now (none of a superseded or expired fact's is). */
    public record Version(
            int version,
            String title,
            String content,
            String category,
            String type,
            double importance,
            String tags,
            Instant validFrom,
            Instant validTo,
            Instant changedAt,
            String change,
            boolean current) {}

    /** Another fact of the scope, in one line. */
    public record Link(String id, String key, String preview, boolean current) {}

    public record LogLine(Instant at, String category, String content) {}

    public record AuditRow(Instant at, String actor, String action, String digest) {}

    public record Life(
            FactDetail fact,
            boolean superseded,
            List<Version> versions,
            Link supersededBy,
            List<Link> supersedes,
            List<LogLine> log,
            List<AuditRow> audit,
            String decidedBecause) {}

    @Inject
    Clock clock;

    @Inject
    FactService facts;

    @Inject
    FactRepository repository;

    @Inject
    TenantEntityManager db;

    public Life of(Scope scope, String id) {
        Instant now = Timestamps.now(clock);
        Fact fact = facts.get(scope, id);
        List<FactVersion> history = facts.history(scope, id);
        int last = history.isEmpty() ? 0 : history.get(history.size() - 1).version();
        List<Version> versions = history.stream()
                .map(v -> new Version(
                        v.version(),
                        v.title(),
                        v.content(),
                        v.category(),
                        v.type().wireName(),
                        v.importance(),
                        String.join(", ", v.tags()),
                        v.validFrom(),
                        v.validTo(),
                        v.changedAt(),
                        v.change().name().toLowerCase(java.util.Locale.ROOT),
                        v.version() == last && fact.validity().isCurrent(now)))
                .toList();
        String newer = fact.validity().supersededBy();
        Link supersededBy = newer == null
                ? null
                : repository.find(scope, newer, now).map(f -> link(f, now)).orElse(new Link(newer, null, null, false));
        List<Link> supersedes = db
                .get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE f.scopeName = :scope AND f.supersededBy = :id ORDER BY f.createdAt",
                        Fact.class)
                .setParameter("scope", scope.value())
                .setParameter("id", id)
                .setMaxResults(MAX_ROWS)
                .getResultList()
                .stream()
                .map(f -> link(f, now))
                .toList();
        List<LogLine> log = db
                .get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.factId = :id "
                                + "ORDER BY e.loggedAt DESC",
                        DailyLogEntry.class)
                .setParameter("scope", scope.value())
                .setParameter("id", id)
                .setMaxResults(MAX_ROWS)
                .getResultList()
                .stream()
                .map(e -> new LogLine(e.loggedAt(), e.category(), e.content()))
                .toList();
        List<AuditRow> audit = db
                .get()
                .createQuery(
                        "SELECT e FROM AuditEvent e WHERE e.factId = :id ORDER BY e.at DESC, e.id DESC",
                        AuditEvent.class)
                .setParameter("id", id)
                .setMaxResults(MAX_ROWS)
                .getResultList()
                .stream()
                .map(e -> new AuditRow(e.at(), e.actor(), e.action(), e.digest()))
                .toList();
        return new Life(
                FactDetail.of(fact, now),
                !fact.validity().isCurrent(now),
                versions,
                supersededBy,
                supersedes,
                log,
                audit,
                decidedBecause(fact.supersessionEvidence()));
    }

    /** An automatic supersession's evidence in a sentence, for support staff deciding whether to undo it. */
    static String decidedBecause(String evidence) {
        if (evidence == null) {
            return null;
        }
        jakarta.json.JsonObject json = dev.memoria.platform.control.Jsons.createReader(
                        new java.io.StringReader(evidence))
                .readObject();
        return String.format(
                java.util.Locale.ROOT,
                "Memoria decided this itself: %s (matched \"%s\", confidence %.2f).",
                json.getString("reason", ""),
                json.getString("matched", ""),
                json.getJsonNumber("confidence").doubleValue());
    }

    private static Link link(Fact fact, Instant now) {
        FactDetail detail = FactDetail.of(fact, now);
        return new Link(fact.id(), fact.key(), detail.preview(), fact.validity().isCurrent(now));
    }
}
