package dev.memoria.tenant.control;

import dev.memoria.tenant.entity.TenantSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The current tenant's settings, defaults when the tenant never changed them. */
@ApplicationScoped
public class TenantSettingsRepository {

    @Inject
    TenantEntityManager db;

    @Inject
    TenantSql sql;

    public TenantSettings current() {
        String tenantId = db.tenantId();
        TenantSettings stored = db.get().find(TenantSettings.class, tenantId);
        return stored != null ? stored : TenantSettings.defaults(tenantId);
    }

    /**
     * Whether recall may use meaning, read by plain JDBC: recall reads without a transaction, where a use of the
     * EntityManager would first write the tenant's deferred access counts (3.5 ms of a 10,000-fact recall's 14).
     */
    public boolean semanticRecall() {
        try (PreparedStatement statement = sql.prepare("SELECT semantic_recall FROM tenant_settings WHERE {tenant}");
                ResultSet row = statement.executeQuery()) {
            return row.next()
                    ? row.getBoolean(1)
                    : TenantSettings.defaults(db.tenantId()).semanticRecall();
        } catch (SQLException e) {
            throw new PersistenceException("Cannot read the tenant's settings", e);
        }
    }

    public TenantSettings save(TenantSettings settings) {
        return db.get().merge(settings);
    }
}
