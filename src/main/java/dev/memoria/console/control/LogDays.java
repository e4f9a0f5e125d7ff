package dev.memoria.console.control;

import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.LocalDate;
import java.util.List;

/** The days of a scope's daily log with their entry counts, newest first (tenant-bound JPQL). */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class LogDays {

    public record Day(LocalDate day, long entries) {}

    @Inject
    TenantEntityManager db;

    public List<Day> of(Scope scope) {
        return db
                .get()
                .createQuery(
                        "SELECT e.day, COUNT(e) FROM DailyLogEntry e WHERE e.scopeName = :scope "
                                + "GROUP BY e.day ORDER BY e.day DESC",
                        Object[].class)
                .setParameter("scope", scope.value())
                .getResultList()
                .stream()
                .map(row -> new Day((LocalDate) row[0], ((Number) row[1]).longValue()))
                .toList();
    }
}
