package dev.memoria.recall.control;

import dev.memoria.platform.control.InLists;
import dev.memoria.tenant.control.TenantSql;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads of the keyword index's tables by plain JDBC on the caller's connection (a JPA native query costs more per
 * row than the database takes to find it), shared by the index's writer and its ranker; in the caller's
 * transaction, or none.
 */
@Dependent // a stateless helper of two beans: no client proxy between them and it
public class KeywordTables {

    /** Up to this many terms go to PostgreSQL as a VALUES list: one statement per list length, each planned once. */
    static final int FEW_TERMS = 16;

    @Inject
    TenantSql tenantSql;

    /**
     * The scope's document count and average length (both 0 for an empty scope), and the document frequency
     * of each query term found.
     */
    record TermStatistics(long documents, double averageLength, Map<String, Long> frequencies) {
        static TermStatistics of(long documents, long totalLength, Map<String, Long> frequencies) {
            return documents == 0
                    ? new TermStatistics(0, 0, Map.of())
                    : new TermStatistics(documents, Math.max(1.0, (double) totalLength / documents), frequencies);
        }
    }

    /** Document count and average document length of the scope, no term frequencies. */
    TermStatistics scopeStatistics(String scope) {
        long[] totals = new long[2];
        select(
                "SELECT doc_count, total_length FROM memory_scope WHERE {tenant} AND scope_name = ?",
                statement -> bind(statement, List.of(scope)),
                row -> {
                    totals[0] = row.getLong(1);
                    totals[1] = row.getLong(2);
                });
        return TermStatistics.of(totals[0], totals[1], Map.of());
    }

    /** How many facts of the scope hold each term; terms found nowhere are absent. */
    Map<String, Long> documentFrequencies(String scope, Collection<String> terms) {
        Map<String, Long> frequencies = new HashMap<>();
        forTerms("t.df", "scope_term", scope, terms, row -> frequencies.put(row.getString(1), row.getLong(2)));
        return frequencies;
    }

    interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    /**
     * Reads {@code columns} of {@code table}'s rows for many terms of the scope (the term is column 1, the
     * columns follow) on the transaction's own connection, a range of the table's (tenant, scope, term) index
     * per term. All terms go in one statement, an index lookup per term joined laterally to the terms: a few
     * as a VALUES list, which PostgreSQL plans once and reuses; many as an array, which it plans on every call
     * (it estimates an array's length only from its value), but a batch of facts asks for thousands of terms,
     * and a round trip each was most of its time. (An IN list was planned as a scan of the scope without
     * fresh statistics: 1-2 s per batch of 500 terms, 61 ms for a dedup probe's 5.)
     */
    void forTerms(String columns, String table, String scope, Collection<String> terms, RowReader reader) {
        if (terms.isEmpty()) {
            return;
        }
        // in index order, so that consecutive lookups reuse the pages the last one read
        List<String> sorted = terms.stream().sorted().toList();
        boolean few = sorted.size() <= FEW_TERMS;
        select(
                perTermStatement(columns, table, few ? sorted.size() : 0),
                statement -> {
                    if (few) {
                        bind(statement, sorted, List.of(scope));
                    } else {
                        statement.setArray(1, statement.getConnection().createArrayOf("varchar", sorted.toArray()));
                        statement.setString(2, scope);
                    }
                },
                reader);
    }

    /**
     * forTerms's statement: the terms as {@code terms} parameters, or as one array when 0, then
     * the tenant and the scope. Public for PlansWithoutStatisticsIT, which checks its plan on tables without statistics.
     */
    public static String perTermStatement(String columns, String table, int terms) {
        // OFFSET 0 keeps the lateral subquery from being flattened into a join the planner may hash:
        // for a recall's two terms it once read the scope's whole scope_term range instead of two rows
        return "SELECT q.term, hit.* FROM " + (terms > 0 ? InLists.asTable(terms) : "unnest(CAST(? AS VARCHAR[]))")
                + " AS q (term) CROSS JOIN LATERAL (SELECT " + columns + " FROM " + table + " t"
                + " WHERE {t.tenant} AND t.scope_name = ? AND t.term = q.term OFFSET 0) hit";
    }

    interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    /**
     * Runs a read on the transaction's own connection. Reads here are plain JDBC: a JPA native query costs
     * more per row than the database takes to find it.
     */
    void select(String sql, Binder binder, RowReader reader) {
        tenantSql.withRequestConnection("read the keyword index", connection -> {
            try (PreparedStatement statement = tenantSql.prepare(connection, sql)) {
                binder.bind(statement);
                readAll(statement, reader);
            }
            return null;
        });
    }

    /** Binds the values of all groups, in order, from the first parameter on. */
    @SafeVarargs
    static void bind(PreparedStatement statement, Collection<String>... groups) throws SQLException {
        int parameter = 1;
        for (Collection<String> values : groups) {
            for (String value : values) {
                statement.setString(parameter++, value);
            }
        }
    }

    private static void readAll(PreparedStatement statement, RowReader reader) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                reader.read(rows);
            }
        }
    }
}
