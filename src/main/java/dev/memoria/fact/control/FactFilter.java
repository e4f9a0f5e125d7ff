package dev.memoria.fact.control;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactType;
import java.util.Locale;

/** Optional narrowing of a fact list; null means "any". Superseded facts are left out unless asked for. */
public record FactFilter(
        String category, FactType type, String tag, Boolean persistent, String text, boolean includeSuperseded) {

    public FactFilter(String category, FactType type, String tag, Boolean persistent, String text) {
        this(category, type, tag, persistent, text, false);
    }

    /** The filter as the list's query applies it, for facts already read (a read of the past). */
    boolean accepts(Fact fact) {
        String lowered = text == null ? null : text.toLowerCase(Locale.ROOT);
        return (category == null || fact.category().equals(category))
                && (type == null || fact.type() == type)
                && (tag == null || fact.tags().contains(tag))
                && (persistent == null || fact.persistent() == persistent)
                && (lowered == null
                        || fact.content().toLowerCase(Locale.ROOT).contains(lowered)
                        || fact.title() != null
                                && fact.title().toLowerCase(Locale.ROOT).contains(lowered));
    }
}
