package dev.memoria.platform.control;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Values split for SQL IN lists: one statement per 500, well under any driver's parameter limit. */
public final class InLists {

    static final int MAX_VALUES = 500;

    private InLists() {
    }

    /** The values in order, in consecutive lists of at most 500. */
    public static <T> List<List<T>> of(Collection<T> values) {
        List<T> all = List.copyOf(values);
        List<List<T>> lists = new ArrayList<>();
        for (int from = 0; from < all.size(); from += MAX_VALUES) {
            lists.add(all.subList(from, Math.min(all.size(), from + MAX_VALUES)));
        }
        return lists;
    }
}
