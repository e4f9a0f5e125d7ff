package dev.memoria.console.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.tenant.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The supersessions Memoria decided itself in the bound tenant, newest first: the safety net of automatic
 * supersession, where a wrong hide is silent until someone looks. Support staff read each with its reason; an
 * admin undoes one with the fact page's "make current" (which clears the evidence, so it leaves this list).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class AutomaticSupersessions {

    /** One decision: the fact hidden, the fact that replaced it, when, and why in a sentence. */
    public record Decision(
            String scope, String hiddenId, String hidden, String newerId, String newer, Instant at, String because) {}

    @Inject
    Clock clock;

    @Inject
    TenantEntityManager db;

    /** A page of decisions, of one scope or of every scope of the tenant. */
    public OffsetPage<Decision> list(Optional<String> scope, int page, int size) {
        TypedQuery<Fact> query = db.get()
                .createQuery(
                        "SELECT f FROM Fact f WHERE f.supersededBy IS NOT NULL AND f.supersessionEvidence IS NOT NULL"
                                + (scope.isPresent() ? " AND f.scopeName = :scope" : "")
                                + " ORDER BY f.validTo DESC, f.id",
                        Fact.class);
        scope.ifPresent(s -> query.setParameter("scope", s));
        List<Fact> hidden = query.setFirstResult(OffsetPage.offset(page, size))
                .setMaxResults(size + 1)
                .getResultList();
        Instant now = Timestamps.now(clock);
        Map<String, Fact> newer = hidden.isEmpty()
                ? Map.of()
                : db
                        .get()
                        .createQuery("SELECT f FROM Fact f WHERE f.id IN :ids", Fact.class)
                        .setParameter(
                                "ids",
                                hidden.stream()
                                        .map(f -> f.validity().supersededBy())
                                        .toList())
                        .getResultList()
                        .stream()
                        .collect(Collectors.toMap(Fact::id, Function.identity()));
        return OffsetPage.of(
                page,
                size,
                hidden.stream()
                        .map(fact -> {
                            String newerId = fact.validity().supersededBy();
                            Fact replacement = newer.get(newerId);
                            return new Decision(
                                    fact.scopeName(),
                                    fact.id(),
                                    FactDetail.of(fact, now).preview(),
                                    newerId,
                                    replacement == null
                                            ? null
                                            : FactDetail.of(replacement, now).preview(),
                                    fact.validity().validTo(),
                                    FactLife.decidedBecause(fact.supersessionEvidence()));
                        })
                        .toList());
    }
}
