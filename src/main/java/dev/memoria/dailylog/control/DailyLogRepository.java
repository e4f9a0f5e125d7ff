package dev.memoria.dailylog.control;

import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.platform.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The daily logs of the current tenant. */
@ApplicationScoped
public class DailyLogRepository {

    @Inject
    TenantEntityManager db;

    public void append(DailyLogEntry entry) {
        db.get().persist(entry);
    }

    /** Entries from {@code since} on, newest first. */
    public List<DailyLogEntry> newest(String scope, LocalDate since, int limit) {
        return db.get().createQuery("SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.day >= :since "
                        + "ORDER BY e.loggedAt DESC, e.id DESC", DailyLogEntry.class)
                .setParameter("scope", scope).setParameter("since", since)
                .setMaxResults(limit).getResultList();
    }

    /** The last {@code limit} entries, oldest first. */
    public List<DailyLogEntry> latest(String scope, int limit) {
        List<DailyLogEntry> newest = new ArrayList<>(db.get().createQuery(
                        "SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope ORDER BY e.loggedAt DESC, e.id DESC",
                        DailyLogEntry.class)
                .setParameter("scope", scope).setMaxResults(limit).getResultList());
        java.util.Collections.reverse(newest);
        return newest;
    }

    /** One UTC day, oldest first. */
    public List<DailyLogEntry> day(String scope, LocalDate day) {
        return db.get().createQuery("SELECT e FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.day = :day "
                        + "ORDER BY e.loggedAt, e.id", DailyLogEntry.class)
                .setParameter("scope", scope).setParameter("day", day).getResultList();
    }

    /** Deletes every day before {@code firstKept}; returns how many distinct days went. */
    public int deleteBefore(String scope, LocalDate firstKept) {
        long days = db.get().createQuery("SELECT COUNT(DISTINCT e.day) FROM DailyLogEntry e "
                        + "WHERE e.scopeName = :scope AND e.day < :kept", Long.class)
                .setParameter("scope", scope).setParameter("kept", firstKept).getSingleResult();
        db.get().createQuery("DELETE FROM DailyLogEntry e WHERE e.scopeName = :scope AND e.day < :kept")
                .setParameter("scope", scope).setParameter("kept", firstKept).executeUpdate();
        return (int) days;
    }

    public void deleteAll(String scope) {
        db.get().createQuery("DELETE FROM DailyLogEntry e WHERE e.scopeName = :scope")
                .setParameter("scope", scope).executeUpdate();
    }

    public long[] daysAndEntries(String scope) {
        Object[] row = db.get().createQuery("SELECT COUNT(DISTINCT e.day), COUNT(e) FROM DailyLogEntry e "
                        + "WHERE e.scopeName = :scope", Object[].class)
                .setParameter("scope", scope).getSingleResult();
        return new long[]{((Number) row[0]).longValue(), ((Number) row[1]).longValue()};
    }
}
