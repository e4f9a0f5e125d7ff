package dev.memoria.transfer.control;

import dev.memoria.dailylog.control.DailyLogRepository;
import dev.memoria.dailylog.entity.DailyLogEntry;
import dev.memoria.fact.control.FactHistory;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.FactWrites;
import dev.memoria.fact.control.Supersessions;
import dev.memoria.fact.entity.Fact;
import dev.memoria.fact.entity.FactReinstated;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactsRemoved;
import dev.memoria.platform.control.TableStatistics;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.scope.control.ScopeRegistry;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotRepository;
import dev.memoria.snapshot.entity.Snapshot;
import dev.memoria.transfer.entity.ImportCounts;
import dev.memoria.transfer.entity.ImportCounts.Kind;
import dev.memoria.transfer.entity.ImportCounts.Outcome;
import dev.memoria.transfer.entity.ImportLine;
import dev.memoria.transfer.entity.ImportLine.FactLine;
import dev.memoria.transfer.entity.ImportLine.LogLine;
import dev.memoria.transfer.entity.ImportLine.SnapshotLine;
import dev.memoria.transfer.entity.ImportLine.VersionLine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One chunk of an import's lines: checked against what the tenant holds ({@link #check}), then written in a
 * transaction of its own ({@link #write}). Facts are matched by id, log entries by id, snapshots by scope and
 * name.
 */
@ApplicationScoped
public class ImportChunks {

    @Inject
    Clock clock;

    @Inject
    FactHistory history;

    @Inject
    FactRepository facts;

    @Inject
    Supersessions supersession;

    @Inject
    DailyLogRepository logs;

    @Inject
    SnapshotRepository snapshots;

    @Inject
    ScopeRegistry scopes;

    @Inject
    TableStatistics statistics;

    @Inject
    FactWrites writes;

    @Inject
    Event<FactReinstated> reinstated;

    /**
     * What writing the chunk would do; a line that cannot be written adds an error and counts nothing. Reads only,
     * in a transaction of its own: what it read is let go when it ends (without one Liberty kept it for the request).
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ImportCounts check(List<ImportLine> chunk, List<FieldError> errors) {
        Instant now = Timestamps.now(clock);
        ImportCounts counts = new ImportCounts();
        List<FactLine> factLines = only(chunk, FactLine.class);
        Map<String, Fact> existing = byId(facts.tenantRowsAmong(
                factLines.stream().map(line -> line.fact().id()).toList()));
        Map<String, Map<String, Fact>> holders = keyHolders(factLines);
        for (FactLine line : factLines) {
            Fact.Row fact = line.fact();
            Fact stored = existing.get(fact.id());
            if (stored != null && !stored.scopeName().equals(fact.scopeName())) {
                errors.add(new FieldError(
                        "line " + line.number(), "id: belongs to a fact of scope '" + stored.scopeName() + "'"));
                continue;
            }
            Fact holder =
                    fact.key() == null ? null : holders.get(fact.scopeName()).get(fact.key());
            if (holder != null && !holder.id().equals(fact.id()) && !holder.isExpired(now)) {
                errors.add(new FieldError(
                        "line " + line.number(),
                        "key: is held by another fact of scope '" + fact.scopeName() + "' (" + holder.id() + ")"));
                continue;
            }
            counts.count(
                    Kind.FACT,
                    stored == null ? Outcome.CREATED : sameStored(stored, fact) ? Outcome.UNCHANGED : Outcome.UPDATED);
        }
        List<LogLine> logLines = only(chunk, LogLine.class);
        Set<String> known = logs.existingIds(logLines.stream().map(LogLine::id).toList());
        for (LogLine line : logLines) {
            counts.count(Kind.LOG, known.add(line.id()) ? Outcome.CREATED : Outcome.UNCHANGED);
        }
        Set<String> named = new HashSet<>();
        for (SnapshotLine line : only(chunk, SnapshotLine.class)) {
            boolean isNew = named.add(line.scope() + "\n" + line.name())
                    && snapshots.find(line.scope(), line.name()).isEmpty();
            counts.count(Kind.SNAPSHOT, isNew ? Outcome.CREATED : Outcome.UNCHANGED);
        }
        return counts;
    }

    /**
     * Writes the chunk in one transaction. What changed since {@link #check} (a fact or key taken meanwhile) is a
     * conflict that leaves this chunk unwritten.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ImportCounts write(List<ImportLine> chunk) {
        Instant now = Timestamps.now(clock);
        ImportCounts counts = new ImportCounts();
        facts.flushOnlyAtCommit();
        Map<String, List<ImportLine>> byScope =
                chunk.stream().collect(Collectors.groupingBy(ImportLine::scope, TreeMap::new, Collectors.toList()));
        List<Scope> withFacts = new ArrayList<>();
        for (Map.Entry<String, List<ImportLine>> lines : byScope.entrySet()) { // scope order: two imports lock alike
            Scope scope = Scope.of(lines.getKey());
            scopes.touch(scope, now);
            List<FactLine> factLines = only(lines.getValue(), FactLine.class);
            if (!factLines.isEmpty()) {
                writeFacts(scope, factLines, now, counts);
            }
            writeVersions(scope, only(lines.getValue(), VersionLine.class));
            writeLogs(scope, only(lines.getValue(), LogLine.class), counts);
            writeSnapshots(scope, only(lines.getValue(), SnapshotLine.class), counts);
            if (!factLines.isEmpty()) {
                withFacts.add(scope);
            }
        }
        writes.settle(withFacts, now);
        if (chunk.size() >= TableStatistics.LARGE_WRITE) {
            // a chunk of log lines writes no fact, yet without statistics PostgreSQL's plans for the next chunks'
            // lookups by id walked the whole log table (5 s a chunk at 1,400,000 entries)
            statistics.grew();
        }
        return counts;
    }

    private void writeFacts(Scope scope, List<FactLine> lines, Instant now, ImportCounts counts) {
        Map<String, Fact> existing = byId(facts.tenantRowsAmong(
                lines.stream().map(line -> line.fact().id()).toList()));
        releaseKeys(scope, lines, now);
        List<Fact> created = new ArrayList<>();
        List<Fact> rewritten = new ArrayList<>();
        List<String> undecided = new ArrayList<>();
        for (FactLine line : lines) {
            Fact.Row fact = line.fact();
            Fact stored = existing.get(fact.id());
            if (stored == null) {
                created.add(fact.toFact());
                if (line.undecided()) {
                    undecided.add(fact.id());
                }
                counts.count(Kind.FACT, Outcome.CREATED);
            } else if (!stored.scopeName().equals(scope.value())) {
                throw DomainException.conflict("Line " + line.number() + ": the fact " + fact.id()
                        + " moved to another scope while the file was imported.");
            } else if (sameStored(stored, fact)) {
                counts.count(Kind.FACT, Outcome.UNCHANGED);
            } else {
                String indexedBefore = stored.indexedText();
                FactVersion before = stored.currentVersion();
                boolean wasSuperseded = stored.validity().supersededBy() != null;
                stored.overwrite(fact);
                if (wasSuperseded && stored.validity().supersededBy() == null) { // audited, as a PATCH's would be
                    reinstated.fire(new FactReinstated(scope.value(), stored.id(), stored.content(), now));
                }
                if (!stored.sameVersionAs(before)) { // the stored version is kept as history
                    history.archive(before.endedAt(stored.validity().validFrom()));
                    stored.importedAfter(before.version(), now);
                }
                if (!stored.indexedText().equals(indexedBefore)) {
                    rewritten.add(stored);
                }
                counts.count(Kind.FACT, Outcome.UPDATED);
            }
        }
        writes.write(scope, created, rewritten);
        if (!undecided.isEmpty()) {
            supersession.decideArrivals(scope, undecided, now);
        }
    }

    /** Removes expired holders of the lines' keys; a live holder under another id is a conflict. */
    private void releaseKeys(Scope scope, List<FactLine> lines, Instant now) {
        Map<String, String> idByKey = lines.stream()
                .filter(line -> line.fact().key() != null)
                .collect(Collectors.toMap(
                        line -> line.fact().key(), line -> line.fact().id(), (a, b) -> a));
        for (Fact holder : facts.keyHolders(scope, idByKey.keySet())) {
            if (holder.id().equals(idByKey.get(holder.key()))) {
                continue;
            }
            if (!holder.isExpired(now)) {
                throw DomainException.conflict("The key '" + holder.key() + "' was taken in scope '" + scope
                        + "' while the file was imported.");
            }
            writes.remove(scope, List.of(holder), FactsRemoved.Reason.EXPIRED, now);
            facts.flush();
        }
    }

    /**
     * Older versions of the scope's facts, kept as their history: a version the fact already has, or of a fact not
     * in the scope, or not older than the fact's current one, changes nothing (an import twice changes nothing).
     */
    private void writeVersions(Scope scope, List<VersionLine> lines) {
        if (lines.isEmpty()) {
            return;
        }
        Map<String, Fact> owners = byId(facts.rowsAmong(
                scope, lines.stream().map(line -> line.version().factId()).toList()));
        for (VersionLine line : lines) {
            Fact fact = owners.get(line.version().factId());
            if (fact != null
                    && line.version().version() < fact.validity().version()
                    && !history.has(fact.id(), line.version().version())) {
                history.archive(line.version());
            }
        }
    }

    private void writeLogs(Scope scope, List<LogLine> lines, ImportCounts counts) {
        Set<String> known = logs.existingIds(lines.stream().map(LogLine::id).toList());
        List<DailyLogEntry> entries = new ArrayList<>();
        for (LogLine line : lines) {
            if (known.add(line.id())) {
                entries.add(new DailyLogEntry(
                        line.id(),
                        scope.value(),
                        line.at(),
                        line.category(),
                        line.content(),
                        line.persistent(),
                        line.factId()));
                counts.count(Kind.LOG, Outcome.CREATED);
            } else {
                counts.count(Kind.LOG, Outcome.UNCHANGED);
            }
        }
        logs.appendAll(scope.value(), entries);
    }

    private void writeSnapshots(Scope scope, List<SnapshotLine> lines, ImportCounts counts) {
        Set<String> named = new HashSet<>();
        for (SnapshotLine line : lines) {
            if (named.add(line.name())
                    && snapshots.find(scope.value(), line.name()).isEmpty()) {
                snapshots.saveWithFacts(new Snapshot(scope.value(), line.name(), line.createdAt()), line.facts());
                counts.count(Kind.SNAPSHOT, Outcome.CREATED);
            } else {
                counts.count(Kind.SNAPSHOT, Outcome.UNCHANGED);
            }
        }
    }

    /** The holders of the lines' keys by scope and key. */
    private Map<String, Map<String, Fact>> keyHolders(List<FactLine> lines) {
        Map<String, Map<String, Fact>> holders = new HashMap<>();
        Map<String, Set<String>> keys = new HashMap<>();
        for (FactLine line : lines) {
            holders.computeIfAbsent(line.fact().scopeName(), s -> new HashMap<>());
            if (line.fact().key() != null) {
                keys.computeIfAbsent(line.fact().scopeName(), s -> new HashSet<>())
                        .add(line.fact().key());
            }
        }
        keys.forEach((scope, scopeKeys) -> facts.keyHolders(Scope.of(scope), scopeKeys)
                .forEach(holder -> holders.get(scope).put(holder.key(), holder)));
        return holders;
    }

    /** The same stored fact, at the export's precision: times to the millisecond, importance to 9 places. */
    static boolean sameStored(Fact stored, Fact.Row line) {
        Fact.Row row = stored.row();
        return row.scopeName().equals(line.scopeName())
                && Objects.equals(row.key(), line.key())
                && Objects.equals(row.title(), line.title())
                && row.content().equals(line.content())
                && row.category().equals(line.category())
                && row.type() == line.type()
                && Math.abs(row.importance() - line.importance()) < 5e-10
                && row.persistent() == line.persistent()
                && row.storedTags().equals(line.storedTags())
                && row.source().equals(line.source())
                && sameMillis(row.createdAt(), line.createdAt())
                && sameMillis(row.updatedAt(), line.updatedAt())
                && sameMillis(row.lastAccessedAt(), line.lastAccessedAt())
                && row.accessCount() == line.accessCount()
                && sameMillis(row.expiresAt(), line.expiresAt())
                && row.validity().version() == line.validity().version()
                && sameMillis(row.validity().validFrom(), line.validity().validFrom())
                && sameMillis(row.validity().validTo(), line.validity().validTo())
                && Objects.equals(row.validity().supersededBy(), line.validity().supersededBy());
    }

    private static boolean sameMillis(Instant a, Instant b) {
        return a == null
                ? b == null
                : b != null && a.truncatedTo(ChronoUnit.MILLIS).equals(b.truncatedTo(ChronoUnit.MILLIS));
    }

    private static Map<String, Fact> byId(List<Fact> rows) {
        return rows.stream().collect(Collectors.toMap(Fact::id, Function.identity(), (a, b) -> a));
    }

    private static <T extends ImportLine> List<T> only(List<ImportLine> lines, Class<T> kind) {
        return lines.stream().filter(kind::isInstance).map(kind::cast).toList();
    }
}
