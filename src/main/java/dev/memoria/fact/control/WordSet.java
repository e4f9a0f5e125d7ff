package dev.memoria.fact.control;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** The normalized words of a text (lower-cased letters and digits), compared by Jaccard similarity. */
public record WordSet(Set<String> words) {

    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    public static WordSet of(String text) {
        Set<String> words = new HashSet<>();
        for (String word : NON_WORD.split(text.toLowerCase(Locale.ROOT))) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return new WordSet(Set.copyOf(words));
    }

    /** |A ∩ B| / |A ∪ B|; two texts without any word are not considered alike. */
    public double jaccard(WordSet other) {
        if (words.isEmpty() || other.words.isEmpty()) {
            return 0.0;
        }
        Set<String> smaller = words.size() <= other.words.size() ? words : other.words;
        Set<String> larger = smaller == words ? other.words : words;
        long shared = smaller.stream().filter(larger::contains).count();
        return (double) shared / (words.size() + other.words.size() - shared);
    }
}
