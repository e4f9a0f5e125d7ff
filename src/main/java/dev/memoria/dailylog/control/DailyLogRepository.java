package dev.memoria.dailylog.control;

import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.platform.control.InLists;
import dev.memoria.platform.control.SqlLike;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.BulkWrites;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Query;
import jakarta.persistence.TypedQuery;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The daily logs of the current tenant. */
@ApplicationScoped
public class DailyLogRepository {

    private static final List<BulkWrites.Column> COLUMNS = List.of(
            new BulkWrites.Column("id", "varchar"),
            new BulkWrites.Column("log_day", "date"),
            new BulkWrites.Column("logged_at", "timestamp"),
            new BulkWrites.Column("category", "varchar"),
            new BulkWrites.Column("content", "varchar"),
            new BulkWrites.Column("persistent", "bool"),
            new BulkWrites.Column("fact_id", "varchar"));

    @Inject
    TenantEntityManager db;

    @Inject
    BulkWrites bulk;

    /** Appends a write's entries (all of the scope) in one insert, outside the persistence context (as facts are, and for the same cost). */
    public void appendAll(String scope, List<DailyLogEntry> entries) {
        bulk.insert(
                "daily_log_entry",
                scope,
                COLUMNS,
                entries.stream()
                        .map(entry -> new Object[] {
                            entry.id(),
                            Date.valueOf(entry.day()),
                            Timestamp.from(entry.loggedAt()),
                            entry.category(),
                            entry.content(),
                            entry.persistent(),
                            entry.factId()
                        })
                        .toList());
    }

    /**
     * A page of the tenant's entries in id order after {@code afterId} (null: from the first), limited to
     * {@code below} and the scopes under it when given: an export reads the tenant in such pages.
     */
    public List<DailyLogEntry> tenantPage(Scope below, String afterId, int limit) {
        TypedQuery<DailyLogEntry> query = db.get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE 1 = 1"
                                + (afterId == null ? "" : " AND e.id > :after")
                                + (below == null
                                        ? ""
                                        : " AND (e.scopeName = :scope OR e.scopeName LIKE :under ESCAPE '\\')")
                                + " ORDER BY e.id",
                        DailyLogEntry.class);
        if (afterId != null) {
            query.setParameter("after", afterId);
        }
        if (below != null) {
            query.setParameter("scope", below.value()).setParameter("under", SqlLike.escape(below.value()) + ":%");
        }
        return query.setMaxResults(limit).getResultList();
    }

    /** Which of these entry ids the tenant holds already. */
    public Set<String> existingIds(Collection<String> ids) {
        Set<String> existing = new HashSet<>();
        for (List<String> chunk : InLists.of(ids)) {
            existing.addAll(db.get()
                    .createQuery("SELECT e.id FROM DailyLogEntry e WHERE e.id IN :ids", String.class)
                    .setParameter("ids", chunk)
                    .getResultList());
        }
        return existing;
    }

    /** Entries from {@code since} on, newest first. */
    public List<DailyLogEntry> newest(String scope, LocalDate since, int limit) {
        return db.get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.day >= :since "
                                + "ORDER BY e.loggedAt DESC, e.id DESC",
                        DailyLogEntry.class)
                .setParameter("scope", scope)
                .setParameter("since", since)
                .setMaxResults(limit)
                .getResultList();
    }

    /** The last {@code limit} entries, oldest first. */
    public List<DailyLogEntry> latest(String scope, int limit) {
        return latest(scope, limit, null);
    }

    /** The newest {@code limit} entries logged by {@code at} (null: any time), oldest first. */
    public List<DailyLogEntry> latest(String scope, int limit, Instant at) {
        TypedQuery<DailyLogEntry> query = db.get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope"
                                + (at == null ? "" : " AND e.loggedAt <= :at")
                                + " ORDER BY e.loggedAt DESC, e.id DESC",
                        DailyLogEntry.class)
                .setParameter("scope", scope)
                .setMaxResults(limit);
        if (at != null) {
            query.setParameter("at", at);
        }
        List<DailyLogEntry> newest = new ArrayList<>(query.getResultList());
        java.util.Collections.reverse(newest);
        return newest;
    }

    /** One UTC day (null: every day), oldest first. */
    public List<DailyLogEntry> day(String scope, LocalDate day) {
        TypedQuery<DailyLogEntry> query = db.get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope"
                                + (day == null ? "" : " AND e.day = :day") + " ORDER BY e.loggedAt, e.id",
                        DailyLogEntry.class)
                .setParameter("scope", scope);
        return (day == null ? query : query.setParameter("day", day)).getResultList();
    }

    /**
     * Deletes every day before {@code firstKept} (null: every day); returns each deleted day with its
     * entries' contents, oldest first, for the audit log.
     */
    public Map<LocalDate, List<String>> deleteBefore(String scope, LocalDate firstKept) {
        String where = "WHERE e.scopeName = :scope" + (firstKept == null ? "" : " AND e.day < :kept");
        Map<LocalDate, List<String>> days = new TreeMap<>();
        TypedQuery<DailyLogEntry> entries = db.get()
                .createQuery(
                        "SELECT e FROM DailyLogEntry e " + where + " ORDER BY e.loggedAt, e.id", DailyLogEntry.class)
                .setParameter("scope", scope);
        Query delete =
                db.get().createQuery("DELETE FROM DailyLogEntry e " + where).setParameter("scope", scope);
        if (firstKept != null) {
            entries.setParameter("kept", firstKept);
            delete.setParameter("kept", firstKept);
        }
        entries.getResultStream()
                .forEach(entry -> days.computeIfAbsent(entry.day(), d -> new ArrayList<>())
                        .add(entry.content()));
        delete.executeUpdate();
        return days;
    }

    /** Deletes every entry that recorded one of the facts; returns how many went. */
    public int deleteForFacts(String scope, List<String> factIds) {
        int deleted = 0;
        for (List<String> ids : InLists.of(factIds)) {
            deleted += db.get()
                    .createQuery("DELETE FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.factId IN :ids")
                    .setParameter("scope", scope)
                    .setParameter("ids", ids)
                    .executeUpdate();
        }
        return deleted;
    }

    public long[] daysAndEntries(String scope) {
        Object[] row = db.get()
                .createQuery(
                        "SELECT COUNT(DISTINCT e.day), COUNT(e) FROM DailyLogEntry e " + "WHERE e.scopeName = :scope",
                        Object[].class)
                .setParameter("scope", scope)
                .getSingleResult();
        return new long[] {((Number) row[0]).longValue(), ((Number) row[1]).longValue()};
    }
}
