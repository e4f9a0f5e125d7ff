package dev.memoria.recall.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.platform.control.SqlDialect;
import dev.memoria.platform.control.TenantEntityManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * The BM25 keyword index over a fact's title, content, category and tags: postings in fact_term, document
 * frequencies in scope_term, document count and total length on memory_scope. Callers change it in the
 * transaction of the facts it describes, under the scope's row lock, so it never disagrees with them.
 * Native SQL (multi-row inserts, point lookups), so every statement binds tenant_id itself.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class KeywordIndex {

    /** A fact id with its BM25 score for a query. */
    public record Hit(String factId, double score) {
    }

    private record Posting(String factId, int tf, int docLength) {
    }

    private static final int ROWS_PER_STATEMENT = 500;

    @Inject
    TenantEntityManager db;

    @Inject
    SqlDialect dialect;

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
        Map<String, Long> documentsPerTerm = new HashMap<>();
        long totalLength = 0;
        for (Fact fact : facts) {
            Map<String, Integer> terms = TextAnalyzer.termFrequencies(indexedText(fact));
            int length = terms.values().stream().mapToInt(Integer::intValue).sum();
            fact.docLength(length);
            totalLength += length;
            terms.forEach((term, tf) -> {
                postings.add(new Object[]{db.tenantId(), scope, term, fact.id(), tf, length});
                documentsPerTerm.merge(term, 1L, Long::sum);
            });
        }
        for (List<Object[]> chunk : chunks(postings)) {
            insertRows("INSERT INTO fact_term (tenant_id, scope_name, term, fact_id, tf, doc_length) VALUES ", 6, chunk);
        }
        adjustDocumentFrequencies(scope, documentsPerTerm);
        adjustScope(scope, facts.size(), totalLength);
    }

    /** Removes facts (all of one scope); their docLength must still be the indexed one. */
    public void remove(String scope, Collection<Fact> facts) {
        if (facts.isEmpty()) {
            return;
        }
        Map<String, Long> documentsPerTerm = new HashMap<>();
        for (Fact fact : facts) {
            List<?> terms = db.get().createNativeQuery("SELECT term FROM fact_term WHERE tenant_id = ? AND fact_id = ?")
                    .setParameter(1, db.tenantId()).setParameter(2, fact.id()).getResultList();
            terms.forEach(term -> documentsPerTerm.merge((String) term, -1L, Long::sum));
            db.get().createNativeQuery("DELETE FROM fact_term WHERE tenant_id = ? AND fact_id = ?")
                    .setParameter(1, db.tenantId()).setParameter(2, fact.id()).executeUpdate();
        }
        adjustDocumentFrequencies(scope, documentsPerTerm);
        adjustScope(scope, -facts.size(), -facts.stream().mapToLong(Fact::docLength).sum());
    }

    /** Re-indexes facts whose text may have changed. */
    public void update(String scope, Collection<Fact> facts) {
        remove(scope, facts);
        add(scope, facts);
    }

    /** Drops the whole index of the scope (the scope is being emptied or replaced). */
    public void clear(String scope) {
        for (String table : List.of("fact_term", "scope_term")) {
            db.get().createNativeQuery("DELETE FROM " + table + " WHERE tenant_id = ? AND scope_name = ?")
                    .setParameter(1, db.tenantId()).setParameter(2, scope).executeUpdate();
        }
        db.get().createNativeQuery("UPDATE memory_scope SET doc_count = 0, total_length = 0 WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope).executeUpdate();
    }

    /**
     * How many facts of the scope hold each term; terms found nowhere are absent. PostgreSQL answers an
     * IN list from the primary key; H2 would scan the scope for one, so there each term is a point lookup.
     */
    public Map<String, Long> documentFrequencies(String scope, Collection<String> terms) {
        Map<String, Long> frequencies = new HashMap<>();
        if (dialect.isPostgres()) {
            for (List<String> chunk : chunks(List.copyOf(terms))) {
                Query query = db.get().createNativeQuery("SELECT term, df FROM scope_term WHERE tenant_id = ? AND scope_name = ? "
                        + "AND term IN (" + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")");
                query.setParameter(1, db.tenantId()).setParameter(2, scope);
                for (int i = 0; i < chunk.size(); i++) {
                    query.setParameter(3 + i, chunk.get(i));
                }
                for (Object row : query.getResultList()) {
                    frequencies.put((String) ((Object[]) row)[0], ((Number) ((Object[]) row)[1]).longValue());
                }
            }
            return frequencies;
        }
        for (String term : terms) {
            db.get().createNativeQuery("SELECT df FROM scope_term WHERE tenant_id = ? AND scope_name = ? AND term = ?")
                    .setParameter(1, db.tenantId()).setParameter(2, scope).setParameter(3, term)
                    .getResultStream().findFirst()
                    .ifPresent(df -> frequencies.put(term, ((Number) df).longValue()));
        }
        return frequencies;
    }

    /** The ids of the facts holding each term. */
    public Map<String, List<String>> postings(String scope, Collection<String> terms) {
        Map<String, List<String>> postings = new HashMap<>();
        for (String term : terms) {
            postings.put(term, postingsOf(scope, term).stream().map(Posting::factId).toList());
        }
        return postings;
    }

    /**
     * The {@code depth} best facts for the query terms by BM25, best first (expired facts included: callers
     * drop them). MaxScore: terms are read rarest first, and once no unseen fact could still enter the
     * top {@code depth}, the common terms are only looked up for the facts that can.
     */
    public List<Hit> rank(String scope, Collection<String> terms, int depth) {
        Optional<double[]> stats = scopeStatistics(scope);
        if (terms.isEmpty() || stats.isEmpty()) {
            return List.of();
        }
        long documents = (long) stats.get()[0];
        double averageLength = stats.get()[1];
        Map<String, Long> frequencies = documentFrequencies(scope, terms);
        List<String> rareFirst = frequencies.keySet().stream()
                .sorted(Comparator.comparingLong((String t) -> frequencies.get(t)).thenComparing(Comparator.naturalOrder()))
                .toList();
        double[] idf = rareFirst.stream().mapToDouble(t -> Bm25.idf(documents, frequencies.get(t))).toArray();
        double[] boundFrom = new double[rareFirst.size() + 1];
        for (int i = rareFirst.size() - 1; i >= 0; i--) {
            boundFrom[i] = boundFrom[i + 1] + idf[i] * (Bm25.K1 + 1);
        }
        Map<String, Double> scores = new HashMap<>();
        for (int i = 0; i < rareFirst.size(); i++) {
            double threshold = scores.size() >= depth ? kthBest(scores, depth) : 0;
            if (scores.size() >= depth && boundFrom[i] < threshold) {
                completeCandidates(scope, rareFirst.subList(i, rareFirst.size()), idf, i, boundFrom[i], threshold,
                        scores, averageLength);
                break;
            }
            for (Posting posting : postingsOf(scope, rareFirst.get(i))) {
                scores.merge(posting.factId(), Bm25.termScore(idf[i], posting.tf(), posting.docLength(), averageLength), Double::sum);
            }
        }
        return scores.entrySet().stream()
                .map(e -> new Hit(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingDouble(Hit::score).reversed().thenComparing(Hit::factId))
                .limit(depth)
                .toList();
    }

    /** Adds the remaining terms' scores to the facts that could still reach the top, by point lookups. */
    private void completeCandidates(String scope, List<String> remaining, double[] idf, int offset, double bound,
                                    double threshold, Map<String, Double> scores, double averageLength) {
        List<String> contenders = scores.entrySet().stream()
                .filter(e -> e.getValue() + bound >= threshold).map(Map.Entry::getKey).toList();
        for (int j = 0; j < remaining.size(); j++) {
            for (String factId : contenders) {
                Object[] row = (Object[]) db.get().createNativeQuery("SELECT tf, doc_length FROM fact_term "
                                + "WHERE tenant_id = ? AND scope_name = ? AND term = ? AND fact_id = ?")
                        .setParameter(1, db.tenantId()).setParameter(2, scope).setParameter(3, remaining.get(j))
                        .setParameter(4, factId).getResultStream().findFirst().orElse(null);
                if (row != null) {
                    scores.merge(factId, Bm25.termScore(idf[offset + j], ((Number) row[0]).intValue(),
                            ((Number) row[1]).intValue(), averageLength), Double::sum);
                }
            }
        }
    }

    private static double kthBest(Map<String, Double> scores, int k) {
        PriorityQueue<Double> best = new PriorityQueue<>(k + 1);
        for (double score : scores.values()) {
            best.add(score);
            if (best.size() > k) {
                best.poll();
            }
        }
        return best.isEmpty() ? 0 : best.peek();
    }

    private List<Posting> postingsOf(String scope, String term) {
        List<?> rows = db.get().createNativeQuery("SELECT fact_id, tf, doc_length FROM fact_term "
                        + "WHERE tenant_id = ? AND scope_name = ? AND term = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope).setParameter(3, term).getResultList();
        List<Posting> postings = new ArrayList<>(rows.size());
        for (Object row : rows) {
            Object[] c = (Object[]) row;
            postings.add(new Posting((String) c[0], ((Number) c[1]).intValue(), ((Number) c[2]).intValue()));
        }
        return postings;
    }

    /** Document count and average document length of the scope, when it has documents. */
    private Optional<double[]> scopeStatistics(String scope) {
        Object[] row = (Object[]) db.get().createNativeQuery(
                        "SELECT doc_count, total_length FROM memory_scope WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, db.tenantId()).setParameter(2, scope).getResultStream().findFirst().orElse(null);
        if (row == null || ((Number) row[0]).longValue() == 0) {
            return Optional.empty();
        }
        double documents = ((Number) row[0]).doubleValue();
        return Optional.of(new double[]{documents, Math.max(1.0, ((Number) row[1]).doubleValue() / documents)});
    }

    /** Applies df changes; the scope's row lock is held, so read-then-write cannot race. */
    private void adjustDocumentFrequencies(String scope, Map<String, Long> deltas) {
        if (deltas.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        deltas.forEach((term, delta) -> rows.add(new Object[]{db.tenantId(), scope, term, delta}));
        for (List<Object[]> chunk : chunks(rows)) {
            if (dialect.isPostgres()) {
                insertRows("INSERT INTO scope_term (tenant_id, scope_name, term, df) VALUES ", 4, chunk,
                        " ON CONFLICT (tenant_id, scope_name, term) DO UPDATE SET df = scope_term.df + EXCLUDED.df");
            } else {
                insertRows("MERGE INTO scope_term t USING (VALUES ", 4, chunk,
                        ") s (tenant_id, scope_name, term, df) ON t.tenant_id = s.tenant_id AND t.scope_name = s.scope_name"
                                + " AND t.term = s.term WHEN MATCHED THEN UPDATE SET df = t.df + s.df"
                                + " WHEN NOT MATCHED THEN INSERT (tenant_id, scope_name, term, df) VALUES (s.tenant_id, s.scope_name, s.term, s.df)");
            }
        }
        deltas.forEach((term, delta) -> {
            if (delta < 0) {
                db.get().createNativeQuery("DELETE FROM scope_term WHERE tenant_id = ? AND scope_name = ? AND term = ? AND df <= 0")
                        .setParameter(1, db.tenantId()).setParameter(2, scope).setParameter(3, term).executeUpdate();
            }
        });
    }

    private void insertRows(String prefix, int columns, List<Object[]> rows) {
        insertRows(prefix, columns, rows, "");
    }

    private void insertRows(String prefix, int columns, List<Object[]> rows, String suffix) {
        String row = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
        Query statement = db.get().createNativeQuery(prefix + String.join(", ", Collections.nCopies(rows.size(), row)) + suffix);
        int p = 1;
        for (Object[] values : rows) {
            for (Object value : values) {
                statement.setParameter(p++, value);
            }
        }
        statement.executeUpdate();
    }

    private static <T> List<List<T>> chunks(List<T> all) {
        List<List<T>> chunks = new ArrayList<>();
        for (int from = 0; from < all.size(); from += ROWS_PER_STATEMENT) {
            chunks.add(all.subList(from, Math.min(all.size(), from + ROWS_PER_STATEMENT)));
        }
        return chunks;
    }

    private void adjustScope(String scope, long documents, long length) {
        db.get().createNativeQuery("UPDATE memory_scope SET doc_count = doc_count + ?, total_length = total_length + ? "
                        + "WHERE tenant_id = ? AND scope_name = ?")
                .setParameter(1, documents).setParameter(2, length)
                .setParameter(3, db.tenantId()).setParameter(4, scope)
                .executeUpdate();
    }
}
