package dev.memoria.transfer.entity;

import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactVersion;
import java.time.Instant;
import java.util.List;

/**
 * One line of an export file, read and checked: a fact, an older version of one, a daily log entry or a snapshot
 * with its facts.
 */
public sealed interface ImportLine {

    /** The line's number in the file, from 1, for the errors that name it. */
    int number();

    String scope();

    /**
     * A fact; {@code undecided} when the line says nothing of supersession (no {@code superseded_by}, no {@code
     * valid_to}): a migration's fact, decided on arrival like a remember. An export's line keeps its state exactly.
     */
    record FactLine(int number, Fact.Row fact, boolean undecided) implements ImportLine {
        @Override
        public String scope() {
            return fact.scopeName();
        }
    }

    /** A log entry; {@code id} is the exported one, or one derived from the entry's fields when the line had none. */
    record LogLine(
            int number,
            String id,
            String scope,
            Instant at,
            String category,
            String content,
            boolean persistent,
            String factId)
            implements ImportLine {}

    /** A version a fact had before its current one. */
    record VersionLine(int number, String scope, FactVersion version) implements ImportLine {}

    record SnapshotLine(int number, String scope, String name, Instant createdAt, List<Fact.Row> facts)
            implements ImportLine {
        public SnapshotLine {
            facts = List.copyOf(facts);
        }
    }
}
