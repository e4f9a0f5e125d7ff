package dev.memoria.platform.control;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Values split for SQL IN lists: one statement per 500, well under any driver's parameter limit. PostgreSQL
 * gets them as a table to join laterally instead ({@link #asTable}).
 */
public final class InLists {

    static final int MAX_VALUES = 500;

    private InLists() {}

    /** The values in order, in consecutive lists of at most 500. */
    public static <T> List<List<T>> of(Collection<T> values) {
        List<T> all = List.copyOf(values);
        List<List<T>> lists = new ArrayList<>();
        for (int from = 0; from < all.size(); from += MAX_VALUES) {
            lists.add(all.subList(from, Math.min(all.size(), from + MAX_VALUES)));
        }
        return lists;
    }

    /** {@code count} parameter marks for an IN list: "?, ?, ?". */
    public static String marks(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /**
     * {@code count} text parameters as a one-column table, "(VALUES (CAST(? AS VARCHAR)), ...)", for
     * PostgreSQL to join laterally to one index lookup per value: that plan does not hang on the table's
     * statistics, where an IN list under a (tenant, scope) prefix was planned as a scan of the whole prefix
     * while the tables had none. A generic plan of it still counts the rows right, so it is planned once.
     */
    public static String asTable(int count) {
        return "(VALUES " + String.join(", ", Collections.nCopies(count, "(CAST(? AS VARCHAR))")) + ")";
    }
}
