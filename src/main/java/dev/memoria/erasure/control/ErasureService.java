package dev.memoria.erasure.control;

import dev.memoria.audit.control.AuditLog;
import dev.memoria.erasure.entity.ErasureReceipt;
import dev.memoria.platform.control.Sha256;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.tenant.control.TenantEntityManager;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Erasure of a data subject: every scope whose segments hold the subject's in a row (all of each), or every fact
 * whose content holds a text (across the tenant's scopes, or the subject's), with all that derives from them.
 * Each scope is erased in a transaction of its own, never one over the tenant; the receipt is written last, and a
 * run cut off midway leaves every scope untouched or fully erased, for a re-run to finish. A token limited by
 * memory_scopes reaches only its scopes.
 */
@ApplicationScoped
public class ErasureService {

    static final int MAX_TEXT = 2000;

    @Inject
    Clock clock;

    @Inject
    ScopeEraser eraser;

    @Inject
    Receipts receipts;

    @Inject
    TenantContext tenant;

    @Inject
    ScopeAccess access;

    /** What an erasure would remove now: the scopes it reaches and the counts, nothing removed (the console's confirmation). */
    public record Preview(List<String> scopes, ErasureReceipt.Erased erased) {}

    @Transactional(Transactional.TxType.SUPPORTS)
    public Preview preview(String subject, String contentContains) {
        List<String> reached = new java.util.ArrayList<>();
        long[] counts = new long[4];
        for (String scope : scopes(reaches(subject, contentContains))) {
            ErasureReceipt.Erased erased =
                    contentContains == null ? eraser.countScope(scope) : eraser.countContaining(scope, contentContains);
            if (contentContains == null
                    || erased.facts() + erased.logEntries() + erased.snapshotFacts() + erased.windows() > 0) {
                reached.add(scope);
            }
            counts[0] += erased.facts();
            counts[1] += erased.logEntries();
            counts[2] += erased.snapshots();
            counts[3] += erased.snapshotFacts();
        }
        return new Preview(reached, new ErasureReceipt.Erased(counts[0], counts[1], counts[2], counts[3], null));
    }

    public ErasureReceipt erase(String subject, String contentContains) {
        Predicate<String> reaches = reaches(subject, contentContains);
        List<String> scopes = scopes(reaches);
        Instant at = Timestamps.now(clock);
        MessageDigest digest = Sha256.digest();
        long facts = 0;
        long logEntries = 0;
        long snapshots = 0;
        long snapshotFacts = 0;
        List<String> reached = new java.util.ArrayList<>();
        for (String scope : scopes) {
            ErasureReceipt.Erased erased = contentContains == null
                    ? eraser.eraseScope(scope, digest)
                    : eraser.eraseContaining(scope, contentContains, digest);
            if (contentContains == null
                    || erased.facts() + erased.logEntries() + erased.snapshotFacts() + erased.windows() > 0) {
                reached.add(scope);
            }
            facts += erased.facts();
            logEntries += erased.logEntries();
            snapshots += erased.snapshots();
            snapshotFacts += erased.snapshotFacts();
        }
        // the audit log's labels of deleted facts, in scopes that still exist or no longer do (a cleared scope)
        List<String> labelled =
                receipts.labelledScopes().stream().filter(reaches).toList();
        return receipts.keep(
                labelled,
                contentContains == null ? null : ScopeEraser.containing(contentContains),
                new ErasureReceipt(
                        subject,
                        contentContains,
                        at,
                        tenant.actor() == null ? "unknown" : tenant.actor(),
                        reached,
                        new ErasureReceipt.Erased(
                                facts, logEntries, snapshots, snapshotFacts, Sha256.hex(digest.digest()))));
    }

    /** The tenant's receipts, newest first. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ErasureReceipt> latest(int limit) {
        return receipts.latest(limit);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public ErasureReceipt get(String id) {
        return receipts.find(id)
                .filter(this::visible)
                .orElseThrow(() -> DomainException.notFound("No erasure with id '" + id + "'."));
    }

    /**
     * A receipt names a subject, erased text and scopes, so a token limited by memory_scopes reads it only when its
     * scopes cover the subject and every scope the erasure reached (as they would have let it make the erasure);
     * any other receipt does not exist for it, like the audit log's rows outside its scopes.
     */
    private boolean visible(ErasureReceipt receipt) {
        if (access.allowedScopes().isEmpty()) {
            return true;
        }
        if (receipt.subject() == null && receipt.scopes().isEmpty()) {
            return false;
        }
        return (receipt.subject() == null || access.canAccess(Scope.of(receipt.subject())))
                && receipt.scopes().stream().allMatch(scope -> access.canAccess(Scope.of(scope)));
    }

    /** The existing scopes an erasure reaches: those holding the subject (every scope without one) the caller may access. */
    private List<String> scopes(Predicate<String> reaches) {
        return receipts.scopeNames().stream().filter(reaches).toList();
    }

    /** Whether an erasure of the subject or text reaches a scope name; refuses a subject the token does not cover. */
    private Predicate<String> reaches(String subject, String contentContains) {
        Optional<Scope> who = validated(subject, contentContains);
        if (who.isPresent() && access.allowedScopes().isPresent() && !access.canAccess(who.get())) {
            throw DomainException.forbidden("The token's memory_scopes do not cover the subject '" + subject + "'.");
        }
        return name -> who.map(s -> holds(Scope.of(name), s)).orElse(true) && access.canAccess(Scope.of(name));
    }

    /** True when the scope's segments hold the subject's in a row: user:42 is in agent:bot:user:42, not in user:421. */
    static boolean holds(Scope scope, Scope subject) {
        List<String> segments = scope.segments();
        List<String> wanted = subject.segments();
        for (int start = 0; start + wanted.size() <= segments.size(); start++) {
            if (segments.subList(start, start + wanted.size()).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Scope> validated(String subject, String contentContains) {
        if (subject == null && contentContains == null) {
            throw DomainException.invalid("subject", "is required unless content_contains is given");
        }
        if (contentContains != null && (contentContains.isBlank() || contentContains.length() > MAX_TEXT)) {
            throw DomainException.invalid("content_contains", "must be 1-" + MAX_TEXT + " characters, not only spaces");
        }
        if (contentContains != null && !StorableText.isStorable(contentContains)) {
            throw DomainException.invalid("content_contains", StorableText.PROBLEM);
        }
        if (subject == null) {
            return Optional.empty();
        }
        String problem = Scope.problemWith(subject);
        if (problem != null) {
            throw DomainException.invalid("subject", problem);
        }
        return Optional.of(Scope.of(subject));
    }

    /** The receipts of the tenant, and the names of its scopes. */
    @ApplicationScoped
    public static class Receipts {

        @Inject
        TenantEntityManager db;

        @Inject
        TenantSql sql;

        @Inject
        AuditLog audit;

        /**
         * Keeps the receipt, audits the erasure, and clears the key and title of earlier deletions in the
         * {@code labelled} scopes (those whose text holds {@code pattern}, when one is given), in one transaction.
         */
        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public ErasureReceipt keep(List<String> labelled, String pattern, ErasureReceipt receipt) {
            for (String scope : labelled) {
                var clear = sql.query(
                                "UPDATE audit_event SET fact_key = NULL, fact_title = NULL"
                                        + " WHERE {tenant} AND scope_name = ?"
                                        + (pattern == null
                                                ? ""
                                                : " AND (LOWER(fact_key) LIKE ? ESCAPE '\\' OR LOWER(fact_title) LIKE ? ESCAPE '\\')"))
                        .setParameter(1, scope);
                if (pattern != null) {
                    clear.setParameter(2, pattern).setParameter(3, pattern);
                }
                clear.executeUpdate();
            }
            for (String scope : receipt.scopes()) {
                // digests of deleted identifiers cannot be matched against the erased text: all of the scope's go
                sql.query("UPDATE audit_event SET identifiers = NULL WHERE {tenant} AND scope_name = ?"
                                + " AND identifiers IS NOT NULL")
                        .setParameter(1, scope)
                        .executeUpdate();
            }
            db.get().persist(receipt);
            for (String scope : receipt.scopes()) {
                audit.record(
                        AuditLog.Action.ERASE,
                        scope,
                        null,
                        receipt.id() + " " + receipt.erased().digest(),
                        receipt.at());
            }
            return receipt;
        }

        @Transactional(Transactional.TxType.SUPPORTS)
        public Optional<ErasureReceipt> find(String id) {
            return db.get()
                    .createQuery("SELECT r FROM ErasureReceipt r WHERE r.id = :id", ErasureReceipt.class)
                    .setParameter("id", id)
                    .getResultStream()
                    .findFirst();
        }

        /** The scopes whose audit rows still name a deleted fact by its key or title. */
        @Transactional(Transactional.TxType.SUPPORTS)
        public List<String> labelledScopes() {
            return sql
                    .query("SELECT DISTINCT scope_name FROM audit_event WHERE {tenant}"
                            + " AND (fact_key IS NOT NULL OR fact_title IS NOT NULL)")
                    .getResultList()
                    .stream()
                    .map(String.class::cast)
                    .toList();
        }

        @Transactional(Transactional.TxType.SUPPORTS)
        public List<String> scopeNames() {
            return sql
                    .query("SELECT scope_name FROM memory_scope WHERE {tenant} ORDER BY scope_name")
                    .getResultList()
                    .stream()
                    .map(String.class::cast)
                    .toList();
        }

        @Transactional(Transactional.TxType.SUPPORTS)
        public List<ErasureReceipt> latest(int limit) {
            return db.get()
                    .createQuery("SELECT r FROM ErasureReceipt r ORDER BY r.at DESC, r.id DESC", ErasureReceipt.class)
                    .setMaxResults(limit)
                    .getResultList();
        }
    }
}
