package dev.memoria.dailylog.control;

import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.platform.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The daily logs of the current tenant. */
@ApplicationScoped
public class DailyLogRepository {

    @Inject
    TenantEntityManager db;

    public void append(DailyLogEntry entry) {
        db.get().persist(entry);
    }
}
