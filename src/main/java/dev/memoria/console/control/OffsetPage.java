package dev.memoria.console.control;

import java.util.List;

/**
 * One page of a console list: the page number from the query string (1-based, anything unreadable is
 * page 1), the rows to show, and whether a next page exists (the query fetched one row more than shown).
 */
public record OffsetPage<T>(int number, int size, List<T> items, boolean hasNext) {

    public static final int MAX_PAGE = 100_000;

    public static int number(String text) {
        if (text == null || text.isBlank()) {
            return 1;
        }
        try {
            int number = Integer.parseInt(text.strip());
            return Math.max(1, Math.min(number, MAX_PAGE));
        } catch (NumberFormatException notANumber) {
            return 1;
        }
    }

    public static int offset(int number, int size) {
        return (number - 1) * size;
    }

    /** Cuts the extra row off {@code fetched} (asked for {@code size + 1}). */
    public static <T> OffsetPage<T> of(int number, int size, List<T> fetched) {
        boolean more = fetched.size() > size;
        return new OffsetPage<>(number, size, List.copyOf(more ? fetched.subList(0, size) : fetched), more);
    }

    public boolean hasPrevious() {
        return number > 1;
    }

    public int previous() {
        return number - 1;
    }

    public int next() {
        return number + 1;
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }
}
