package dev.memoria.recall.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The BM25 keyword index over a fact's title, content, category and tags: postings in fact_term plus
 * per-scope document count and total length. Callers change it in the same transaction as the facts,
 * so the index never disagrees with them. Native SQL (multi-row inserts are far faster than one entity
 * per posting), so every statement binds tenant_id itself.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class KeywordIndex {

    /** A fact id with its BM25 score for a query. */
    public record Hit(String factId, double score) {
    }

    /** Narrowing by the fact's own columns; null fields mean any. */
    public record Filter(String type, String category, String tagPattern) {
        public static Filter none() {
            return new Filter(null, null, null);
        }
    }

    private static final int ROWS_PER_INSERT = 500;

    @Inject
    TenantEntityManager db;

    public static String indexedText(Fact fact) {
        StringBuilder text = new StringBuilder();
        if (fact.title() != null) {
            text.append(fact.title()).append('\n');
        }
        text.append(fact.content()).append('\n').append(fact.category());
        fact.tags().forEach(tag -> text.append('\n').append(tag));
        return text.toString();
    }

    /** Indexes new facts (all of one scope). */
    public void add(String scope, Collection<Fact> facts) {
        if (facts.isEmpty()) {
            return;
        }
        List<Object[]> postings = new ArrayList<>();
        long totalLength = 0;
        for (Fact fact : facts) {
            Map<String, Integer> terms = TextAnalyzer.termFrequencies(indexedText(fact));
            int length = terms.values().stream().mapToInt(Integer::intValue).sum();
            fact.docLength(length);
            totalLength += length;
            terms.forEach((term, tf) -> postings.add(new Object[]{scope, term, fact.id(), tf, length}));
        }
        for (int from = 0; from < postings.size(); from += ROWS_PER_INSERT) {
            insert(postings.subList(from, Math.min(postings.size(), from + ROWS_PER_INSERT)));
        }
        adjustScope(scope, facts.size(), totalLength);
    }

    /** Removes facts (all of one scope) from the index; their docLength must still be the indexed one. */
    public void remove(String scope, Collection<Fact> facts) {
        if (facts.isEmpty()) {
            return;
        }
        List<String> ids = facts.stream().map(Fact::id).toList();
        for (int from = 0; from < ids.size(); from += ROWS_PER_INSERT) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + ROWS_PER_INSERT));
            Query delete = db.get().createNativeQuery("DELETE FROM fact_term WHERE tenant_id = ? AND scope_name = ? "
                    + "AND fact_id IN (" + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")");
            delete.setParameter(1, db.tenantId()).setParameter(2, scope);
            for (int i = 0; i < chunk.size(); i++) {
                delete.setParameter(3 + i, chunk.get(i));
            }
            delete.executeUpdate();
        }
        adjustScope(scope, -facts.size(), -facts.stream().mapToLong(Fact::docLength).sum());
    }

    /** Re-indexes facts whose text may have changed. */
    public void update(String scope, Collection<Fact> facts) {
        remove(scope, facts);
        add(scope, facts);
    }

    /** Drops every posting of the scope and zeroes its statistics (the scope is being emptied). */
    public void clear(String scope) {
        db.get().createNativeQuery("DELETE FROM fact_term WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope).executeUpdate();
        db.get().createNativeQuery("UPDATE memory_scope SET doc_count = 0, total_length = 0 WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope).executeUpdate();
    }

    /**
     * The best {@code limit} live facts of the scope for the query terms by BM25, scored in the database
     * over the postings of those terms only.
     */
    public List<Hit> search(String scope, Collection<String> terms, Filter filter, int limit, Instant now) {
        if (terms.isEmpty()) {
            return List.of();
        }
        Object[] stats = (Object[]) db.get().createNativeQuery(
                        "SELECT doc_count, total_length FROM memory_scope WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope)
                .getResultStream().findFirst().orElse(null);
        if (stats == null || ((Number) stats[0]).longValue() == 0) {
            return List.of();
        }
        long documents = ((Number) stats[0]).longValue();
        double averageLength = Math.max(1.0, ((Number) stats[1]).doubleValue() / documents);
        List<String> termList = List.copyOf(terms);
        Map<String, Long> frequencies = documentFrequencies(scope, termList);

        List<Object> params = new ArrayList<>();
        StringBuilder idf = new StringBuilder("CASE t.term");
        for (String term : termList) {
            idf.append(" WHEN ? THEN CAST(? AS DOUBLE PRECISION)");
            params.add(term);
            params.add(Bm25.idf(documents, frequencies.getOrDefault(term, 0L)));
        }
        idf.append(" ELSE 0 END");
        params.add(Bm25.K1 * (1 - Bm25.B));
        params.add(Bm25.K1 * Bm25.B / averageLength);
        StringBuilder sql = new StringBuilder("SELECT t.fact_id, SUM(").append(idf)
                .append(" * t.tf * ").append(Bm25.K1 + 1)
                .append(" / (t.tf + CAST(? AS DOUBLE PRECISION) + CAST(? AS DOUBLE PRECISION) * t.doc_length)) AS score")
                .append(" FROM fact_term t JOIN fact f ON f.tenant_id = t.tenant_id AND f.id = t.fact_id")
                .append(" WHERE t.tenant_id = ? AND t.scope_name = ? AND t.term IN (")
                .append(String.join(", ", Collections.nCopies(termList.size(), "?"))).append(")")
                .append(" AND (f.expires_at IS NULL OR f.expires_at > ?)");
        params.add(db.tenantId());
        params.add(scope);
        params.addAll(termList);
        params.add(Timestamp.from(now));
        if (filter.type() != null) {
            sql.append(" AND f.fact_type = ?");
            params.add(filter.type());
        }
        if (filter.category() != null) {
            sql.append(" AND f.category = ?");
            params.add(filter.category());
        }
        if (filter.tagPattern() != null) {
            sql.append(" AND f.tags LIKE ? ESCAPE '\\'");
            params.add(filter.tagPattern());
        }
        sql.append(" GROUP BY t.fact_id ORDER BY score DESC, t.fact_id");
        Query query = db.get().createNativeQuery(sql.toString());
        for (int i = 0; i < params.size(); i++) {
            query.setParameter(i + 1, params.get(i));
        }
        List<Hit> hits = new ArrayList<>();
        for (Object row : query.setMaxResults(limit).getResultList()) {
            Object[] columns = (Object[]) row;
            hits.add(new Hit((String) columns[0], ((Number) columns[1]).doubleValue()));
        }
        return hits;
    }

    /** How many facts of the scope contain each term (terms found nowhere are absent from the map). */
    public Map<String, Long> documentFrequencies(String scope, Collection<String> termSet) {
        List<String> terms = List.copyOf(termSet);
        Map<String, Long> frequencies = new java.util.HashMap<>();
        for (int from = 0; from < terms.size(); from += ROWS_PER_INSERT) {
            frequencies.putAll(documentFrequencyChunk(scope, terms.subList(from, Math.min(terms.size(), from + ROWS_PER_INSERT))));
        }
        return frequencies;
    }

    /** The ids of the facts containing each term. */
    public Map<String, List<String>> postings(String scope, Collection<String> termSet) {
        List<String> terms = List.copyOf(termSet);
        Map<String, List<String>> postings = new java.util.HashMap<>();
        for (int from = 0; from < terms.size(); from += ROWS_PER_INSERT) {
            List<String> chunk = terms.subList(from, Math.min(terms.size(), from + ROWS_PER_INSERT));
            Query query = db.get().createNativeQuery("SELECT term, fact_id FROM fact_term WHERE tenant_id = ? AND scope_name = ? "
                    + "AND term IN (" + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")");
            query.setParameter(1, db.tenantId()).setParameter(2, scope);
            for (int i = 0; i < chunk.size(); i++) {
                query.setParameter(3 + i, chunk.get(i));
            }
            for (Object row : query.getResultList()) {
                Object[] columns = (Object[]) row;
                postings.computeIfAbsent((String) columns[0], t -> new ArrayList<>()).add((String) columns[1]);
            }
        }
        return postings;
    }

    private Map<String, Long> documentFrequencyChunk(String scope, List<String> terms) {
        Query query = db.get().createNativeQuery("SELECT term, COUNT(*) FROM fact_term WHERE tenant_id = ? AND scope_name = ? "
                + "AND term IN (" + String.join(", ", Collections.nCopies(terms.size(), "?")) + ") GROUP BY term");
        query.setParameter(1, db.tenantId()).setParameter(2, scope);
        for (int i = 0; i < terms.size(); i++) {
            query.setParameter(3 + i, terms.get(i));
        }
        Map<String, Long> frequencies = new java.util.HashMap<>();
        for (Object row : query.getResultList()) {
            Object[] columns = (Object[]) row;
            frequencies.put((String) columns[0], ((Number) columns[1]).longValue());
        }
        return frequencies;
    }

    private void insert(List<Object[]> postings) {
        String row = "(?, ?, ?, ?, ?, ?)";
        Query insert = db.get().createNativeQuery("INSERT INTO fact_term (tenant_id, scope_name, term, fact_id, tf, doc_length) VALUES "
                + String.join(", ", Collections.nCopies(postings.size(), row)));
        int p = 1;
        for (Object[] posting : postings) {
            insert.setParameter(p++, db.tenantId());
            for (Object value : posting) {
                insert.setParameter(p++, value);
            }
        }
        insert.executeUpdate();
    }

    private void adjustScope(String scope, long documents, long length) {
        db.get().createNativeQuery("UPDATE memory_scope SET doc_count = doc_count + ?, total_length = total_length + ? "
                        + "WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, documents).setParameter(2, length)
                .setParameter(3, db.tenantId()).setParameter(4, scope)
                .executeUpdate();
    }
}
