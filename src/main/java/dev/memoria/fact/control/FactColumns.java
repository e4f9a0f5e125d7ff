package dev.memoria.fact.control;

import dev.memoria.fact.entity.Change;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.Validity;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A fact's columns in one order, the same in {@code fact} and {@code snapshot_fact}: the one place that maps
 * them to {@link Fact.Row} and back, for the plain JDBC reads and the batch inserts of facts and their
 * snapshot copies.
 */
public final class FactColumns {

    /** What a fact says and how it was used: the columns a snapshot copies, in this order in both tables. */
    public static final String STORED = "fact_key, title, content, category, fact_type, importance, persistent, tags,"
            + " source, created_at, updated_at, last_accessed_at, access_count, expires_at";

    /** The columns of {@link Fact.Row}, in its order. */
    public static final String ROW = "id, scope_name, " + STORED
            + ", doc_length, version, valid_from, valid_to, superseded_by, changed_at, change_kind";

    private static final int STORED_COUNT = 14;

    private FactColumns() {}

    /** The fact on the current row of a result set of {@link #ROW}'s columns. */
    public static Fact.Row row(ResultSet rows) throws SQLException {
        int after = 3 + STORED_COUNT;
        Validity validity = new Validity(
                rows.getInt(after + 1),
                instant(rows.getTimestamp(after + 2)),
                instant(rows.getTimestamp(after + 3)),
                rows.getString(after + 4),
                instant(rows.getTimestamp(after + 5)),
                Change.valueOf(rows.getString(after + 6)));
        return stored(rows, 3, rows.getString(1), rows.getString(2), rows.getInt(after), validity);
    }

    /**
     * A snapshot's copy of a fact on the current row of a result set of its fact id and {@link #STORED}'s
     * columns. A copy keeps no versions, so it reads as its fact's first.
     */
    public static Fact.Row copy(ResultSet rows, String scope) throws SQLException {
        Instant created = instant(rows.getTimestamp(2 + 9));
        return stored(rows, 2, rows.getString(1), scope, 0, Validity.first(created));
    }

    /** The values of {@link #STORED}'s columns for {@code fact}, for a batch insert. */
    public static List<Object> storedValues(Fact.Row fact) {
        List<Object> values = new ArrayList<>(STORED_COUNT + 10);
        values.add(fact.key());
        values.add(fact.title());
        values.add(fact.content());
        values.add(fact.category());
        values.add(fact.type().name());
        values.add(fact.importance());
        values.add(fact.persistent());
        values.add(fact.storedTags());
        values.add(fact.source());
        values.add(timestamp(fact.createdAt()));
        values.add(timestamp(fact.updatedAt()));
        values.add(timestamp(fact.lastAccessedAt()));
        values.add(fact.accessCount());
        values.add(timestamp(fact.expiresAt()));
        return values;
    }

    /** The values of {@link #ROW}'s columns after the scope, for a batch insert of new facts. */
    static List<Object> rowValues(Fact.Row fact) {
        List<Object> values = new ArrayList<>();
        values.add(fact.id());
        values.addAll(storedValues(fact));
        values.add(fact.docLength());
        Validity validity = fact.validity();
        values.add(validity.version());
        values.add(timestamp(validity.validFrom()));
        values.add(timestamp(validity.validTo()));
        values.add(validity.supersededBy());
        values.add(timestamp(validity.changedAt()));
        values.add(validity.change().name());
        return values;
    }

    private static Fact.Row stored(ResultSet rows, int first, String id, String scope, int docLength, Validity validity)
            throws SQLException {
        return new Fact.Row(
                id,
                scope,
                rows.getString(first),
                rows.getString(first + 1),
                rows.getString(first + 2),
                rows.getString(first + 3),
                FactType.valueOf(rows.getString(first + 4)),
                rows.getDouble(first + 5),
                rows.getBoolean(first + 6),
                rows.getString(first + 7),
                rows.getString(first + 8),
                instant(rows.getTimestamp(first + 9)),
                instant(rows.getTimestamp(first + 10)),
                instant(rows.getTimestamp(first + 11)),
                rows.getInt(first + 12),
                instant(rows.getTimestamp(first + 13)),
                docLength,
                validity);
    }

    /** As {@link dev.memoria.platform.control.InstantConverter} reads it for the entity. */
    static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    /** As {@link dev.memoria.platform.control.InstantConverter} writes it for the entity. */
    static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }
}
