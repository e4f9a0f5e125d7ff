package dev.memoria.console.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.quota.control.Quotas;
import dev.memoria.quota.entity.Overrides;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotService;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantSettingsService;
import dev.memoria.tenant.entity.TenantSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.Transactional;
import java.time.Clock;

/**
 * What a console admin changes in a tenant's memory, through the same services as the API, each in one
 * transaction with its audit record (actor "console:<user>", from the bound TenantContext). Deletions
 * are audited by the services themselves; the rest is recorded here, never with the content itself.
 */
@ApplicationScoped
@Transactional
public class ConsoleChanges {

    @Inject
    Clock clock;

    @Inject
    FactService facts;

    @Inject
    TenantSettingsService settings;

    @Inject
    SnapshotService snapshots;

    @Inject
    AuditLog audit;

    @Inject
    Quotas quotas;

    @Inject
    TenantContext tenant;

    /** Applies the edited fields (validated exactly as a PATCH); the audit keeps a digest of the old content. */
    public void editFact(Scope scope, String id, JsonObject changes) {
        FactInput input = FactInput.parse(changes, FactInput.Mode.PATCH);
        String before = facts.get(scope, id).content();
        Fact changed = facts.change(scope, id, input);
        audit.record(AuditLog.Action.EDIT, scope.value(), changed.id(), before, Timestamps.now(clock));
    }

    public void deleteFact(Scope scope, String id) {
        facts.forget(scope, id);
    }

    public void changeSettings(JsonObject changes) {
        TenantSettings before = settings.current().copy(); // the change merges into the managed instance
        settings.change(changes);
        audit.record(AuditLog.Action.CHANGE_SETTINGS, "", null, describe(before), Timestamps.now(clock));
    }

    /** The operator's quotas for the bound tenant; the audit keeps a digest of the overrides they replace. */
    public void changeQuotas(Overrides overrides) {
        Overrides before = quotas.overrides();
        quotas.change(overrides, tenant.actor());
        audit.record(AuditLog.Action.CHANGE_QUOTAS, "", null, before.toString(), Timestamps.now(clock));
    }

    public void createSnapshot(Scope scope, String name) {
        snapshots.create(scope, name);
        audit.record(AuditLog.Action.CREATE_SNAPSHOT, scope.value(), null, name, Timestamps.now(clock));
    }

    public int restoreSnapshot(Scope scope, String name) {
        int restored = snapshots.restore(scope, name);
        audit.record(AuditLog.Action.RESTORE_SNAPSHOT, scope.value(), null, name, Timestamps.now(clock));
        return restored;
    }

    private static String describe(TenantSettings s) {
        return "max_log_days=" + s.maxLogDays() + " max_context_entries=" + s.maxContextEntries()
                + " dedupe_threshold=" + s.dedupeThreshold() + " max_facts_per_scope=" + s.maxFactsPerScope()
                + " forget_below=" + s.forgetBelow() + " semantic_recall=" + s.semanticRecall() + " supersede="
                + s.supersede();
    }
}
