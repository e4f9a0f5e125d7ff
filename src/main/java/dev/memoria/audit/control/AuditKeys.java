package dev.memoria.audit.control;

import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Each tenant's key for the digests of deleted identifiers ({@link DeletedIdentifiers}): 32 random bytes, made at
 * the tenant's first deletion, kept in {@code audit_key} with the tenant's other rows. Without it a digest of a
 * phone number could be reversed by trying every number; with it only this server's database can be asked.
 */
@ApplicationScoped
public class AuditKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    TenantSql sql;

    @Inject
    AuditKeys self;

    /** The request's tenant's key, made first if it has none (in a transaction of its own, so racing makers agree). */
    public byte[] current() {
        return find().orElseGet(() -> {
            try {
                self.create();
            } catch (RuntimeException alreadyMade) {
                // another request made it first (its row won the primary key): read theirs
            }
            return find().orElseThrow(() -> new IllegalStateException("the tenant's audit key was not made"));
        });
    }

    /** The request's tenant's key, if a deletion has made one. */
    public Optional<byte[]> find() {
        List<?> rows = sql.query("SELECT secret FROM audit_key WHERE {tenant}").getResultList();
        return rows.stream().findFirst().map(secret -> HexFormat.of().parseHex((String) secret));
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void create() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        sql.query(
                        "INSERT INTO audit_key ({tenant_id}, secret, created_at) VALUES ({tenant_value}, ?, CURRENT_TIMESTAMP)")
                .setParameter(1, HexFormat.of().formatHex(secret))
                .executeUpdate();
    }
}
