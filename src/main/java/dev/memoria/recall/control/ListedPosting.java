package dev.memoria.recall.control;

import java.util.ArrayList;
import java.util.List;

/**
 * A posting as the fact's own row lists it (Fact.indexTerms: "term tf rank_key" triples, space-separated;
 * an analyzed term holds no space), so that removal finds it in the rank index and scoring reads its tf.
 */
record ListedPosting(String term, int tf, double rankKey) {
    static String list(List<ListedPosting> postings) {
        StringBuilder listed = new StringBuilder();
        for (ListedPosting posting : postings) {
            if (!listed.isEmpty()) {
                listed.append(' ');
            }
            listed.append(posting.term)
                    .append(' ')
                    .append(posting.tf)
                    .append(' ')
                    .append(posting.rankKey);
        }
        return listed.toString();
    }

    static List<ListedPosting> parse(String listed) {
        if (listed == null || listed.isEmpty()) {
            return List.of();
        }
        String[] parts = listed.split(" ");
        List<ListedPosting> postings = new ArrayList<>(parts.length / 3);
        for (int i = 0; i + 2 < parts.length; i += 3) {
            postings.add(new ListedPosting(parts[i], Integer.parseInt(parts[i + 1]), Double.parseDouble(parts[i + 2])));
        }
        return postings;
    }
}
