package dev.memoria.fact.entity;

import java.util.Arrays;
import java.util.List;

/**
 * Tags stored in one column as "\nlang\npython\n": a tag filter is then one indexed-free LIKE on
 * "%\ntag\n%". Tags never contain line breaks, validation sees to that.
 */
public final class Tags {

    public static final String SEPARATOR = "\n";

    private Tags() {}

    public static String encode(List<String> tags) {
        return tags.isEmpty() ? "" : SEPARATOR + String.join(SEPARATOR, tags) + SEPARATOR;
    }

    public static List<String> decode(String column) {
        if (column == null || column.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(column.split(SEPARATOR)).filter(t -> !t.isEmpty()).toList();
    }
}
