package dev.memoria.dailylog.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantSettingsRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/** Reading and pruning a scope's daily logs. Facts are never touched here. */
@ApplicationScoped
@Transactional
public class DailyLogService {

    @Inject
    Clock clock;

    @Inject
    DailyLogRepository logs;

    @Inject
    TenantSettingsRepository settings;

    @Inject
    AuditLog audit;

    public List<DailyLogEntry> recent(Scope scope, int days, int limit) {
        LocalDate since = today().minusDays(days - 1L);
        return logs.newest(scope.value(), since, limit);
    }

    public List<DailyLogEntry> day(Scope scope, LocalDate day) {
        return logs.day(scope.value(), day);
    }

    /** Deletes days older than {@code maxDays} (null: the tenant's max_log_days); today always stays. */
    public int prune(Scope scope, Integer maxDays) {
        int keep = maxDays != null ? maxDays : settings.current().maxLogDays();
        return deleteBefore(scope, today().minusDays(keep), AuditLog.Action.PRUNE_LOGS);
    }

    /** Clears the scope's logs; it touches no scope row, so clearing an unknown scope does not create one. */
    public void clear(Scope scope) {
        deleteBefore(scope, null, AuditLog.Action.CLEAR_LOGS);
    }

    /** Moves every entry of the scope {@code days} back in time (test hook: pruning needs old days). */
    public int backdate(Scope scope, int days) {
        List<DailyLogEntry> entries = logs.day(scope.value(), null);
        entries.forEach(entry -> entry.backdate(days));
        return entries.size();
    }

    /** Deletes the days before {@code firstKept} (null: all), one audit event a day; returns how many days went. */
    private int deleteBefore(Scope scope, LocalDate firstKept, AuditLog.Action action) {
        Map<LocalDate, List<String>> deleted = logs.deleteBefore(scope.value(), firstKept);
        Instant now = Timestamps.now(clock);
        deleted.forEach((day, contents) ->
                audit.record(action, scope.value(), null, day + "\n" + String.join("\n", contents), now));
        return deleted.size();
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
