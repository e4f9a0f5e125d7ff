package dev.memoria.transfer.entity;

/** What an import created, changed and found as it was, by kind of line. */
public final class ImportCounts {

    public enum Outcome {
        CREATED,
        UPDATED,
        UNCHANGED
    }

    public enum Kind {
        FACT,
        LOG,
        SNAPSHOT
    }

    private final long[][] counts = new long[Kind.values().length][Outcome.values().length];

    public void count(Kind kind, Outcome outcome) {
        counts[kind.ordinal()][outcome.ordinal()]++;
    }

    public long of(Kind kind, Outcome outcome) {
        return counts[kind.ordinal()][outcome.ordinal()];
    }

    public void add(ImportCounts other) {
        for (Kind kind : Kind.values()) {
            for (Outcome outcome : Outcome.values()) {
                counts[kind.ordinal()][outcome.ordinal()] += other.of(kind, outcome);
            }
        }
    }
}
