package dev.memoria.transfer.control;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.DomainException.FieldError;
import dev.memoria.quota.control.QuotaExceeded;
import dev.memoria.quota.control.Quotas;
import dev.memoria.quota.entity.QuotaLimits;
import dev.memoria.scope.control.ScopeAccess;
import dev.memoria.scope.control.ScopeRepository;
import dev.memoria.scope.entity.Scope;
import dev.memoria.tenant.control.TenantContext;
import dev.memoria.transfer.entity.ImportCounts;
import dev.memoria.transfer.entity.ImportCounts.Kind;
import dev.memoria.transfer.entity.ImportCounts.Outcome;
import dev.memoria.transfer.entity.ImportLine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Imports an export file into the current tenant. The body is spooled to a temporary file while every line is
 * read and checked against what the tenant holds, so a file with any bad line writes nothing; then the file is
 * written in chunks of {@link #CHUNK_LINES} lines, a transaction each, so memory and transaction length stay
 * bounded at any size. Facts and log entries are matched by id, snapshots by scope and name: a file imported
 * again changes nothing, and an import cut off midway (a server killed) completes when it is run again.
 */
@ApplicationScoped
public class TenantImport {

    public static final int MAX_ERRORS = 100;
    static final int CHUNK_LINES = 500;
    /** A chunk's content bound: the keyword index analyses a chunk's texts at once. */
    static final long CHUNK_CHARACTERS = 1_000_000;

    private static final int PROGRESS_EVERY_LINES = 100_000;
    private static final Logger LOG = Logger.getLogger(TenantImport.class.getName());

    public record Result(ImportCounts counts, boolean dryRun) {}

    @Inject
    ImportChunks chunks;

    @Inject
    TenantContext tenant;

    @Inject
    ScopeAccess access;

    @Inject
    Quotas quotas;

    @Inject
    ScopeRepository scopes;

    public Result run(InputStream body, boolean dryRun) {
        Path spool = null;
        try {
            spool = Files.createTempFile("memoria-import-", ".ndjson");
            ImportCounts planned = check(body, spool);
            return dryRun ? new Result(planned, true) : new Result(write(spool), false);
        } catch (IOException e) {
            throw DomainException.invalid("body", "could not be read to its end");
        } finally {
            deleteQuietly(spool);
        }
    }

    /** Reads, spools and checks every line; throws with every problem found, or for a quota the file would pass. */
    private ImportCounts check(InputStream body, Path spool) throws IOException {
        List<FieldError> errors = new ArrayList<>();
        ImportCounts counts = new ImportCounts();
        Repeats repeats = new Repeats();
        Set<String> scopeNames = new HashSet<>();
        Chunk chunk = new Chunk();
        try (LineReader lines = new LineReader(body);
                Writer out = Files.newBufferedWriter(spool, StandardCharsets.UTF_8)) {
            for (String text = lines.next(); text != null && errors.size() < MAX_ERRORS; text = lines.next()) {
                out.write(text);
                out.write('\n');
                Optional<ImportLine> read =
                        text.isBlank() ? Optional.empty() : ImportLines.read(text, lines.number(), errors);
                if (read.isEmpty()) {
                    continue;
                }
                ImportLine line = read.get();
                requireAccess(line);
                if (repeats.skip(line, errors, counts)) {
                    continue;
                }
                scopeNames.add(line.scope());
                if (chunk.add(line, text.length())) {
                    counts.add(chunks.check(chunk.take(), errors));
                }
            }
        }
        if (!chunk.isEmpty()) {
            counts.add(chunks.check(chunk.take(), errors));
        }
        if (!errors.isEmpty()) {
            List<FieldError> listed = errors.subList(0, Math.min(errors.size(), MAX_ERRORS));
            throw DomainException.invalid(
                    listed.size() == 1
                            ? listed.get(0).field() + ": " + listed.get(0).message() + ". Nothing was imported."
                            : listed.size() + " problems in the file (at most " + MAX_ERRORS
                                    + " are listed). Nothing was imported.",
                    listed);
        }
        checkQuotas(counts.of(Kind.FACT, Outcome.CREATED), scopeNames);
        return counts;
    }

    private ImportCounts write(Path spool) throws IOException {
        ImportCounts counts = new ImportCounts();
        Repeats repeats = new Repeats();
        Chunk chunk = new Chunk();
        List<FieldError> none = new ArrayList<>();
        try (LineReader lines = new LineReader(Files.newInputStream(spool))) {
            for (String text = lines.next(); text != null; text = lines.next()) {
                Optional<ImportLine> read =
                        text.isBlank() ? Optional.empty() : ImportLines.read(text, lines.number(), none);
                if (read.isPresent()
                        && !repeats.skip(read.get(), none, counts)
                        && chunk.add(read.get(), text.length())) {
                    counts.add(chunks.write(chunk.take()));
                }
                if (lines.number() % PROGRESS_EVERY_LINES == 0) {
                    LOG.info(
                            () -> "Import into tenant " + tenant.tenantId() + ": " + lines.number() + " lines written");
                }
            }
        }
        if (!chunk.isEmpty()) {
            counts.add(chunks.write(chunk.take()));
        }
        return counts;
    }

    private void requireAccess(ImportLine line) {
        if (!access.canAccess(Scope.of(line.scope()))) {
            throw DomainException.forbidden("Line " + line.number() + ": the token's memory_scopes do not cover scope '"
                    + line.scope() + "'. Nothing was imported.");
        }
    }

    /** The file's new facts and scopes against the tenant's quotas, before anything is written. */
    private void checkQuotas(long newFacts, Set<String> scopeNames) {
        Quotas.Usage usage = quotas.usage();
        QuotaLimits limits = usage.limits();
        if (limits.facts() != null && usage.facts() + newFacts > limits.facts()) {
            throw new QuotaExceeded("facts", limits.facts(), usage.facts() + newFacts);
        }
        if (limits.scopes() != null) {
            long newScopes = scopeNames.size() - scopes.existing(scopeNames).size();
            if (usage.scopes() + newScopes > limits.scopes()) {
                throw new QuotaExceeded("scopes", limits.scopes(), usage.scopes() + newScopes);
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            LOG.warning("Could not delete the import spool " + file + ": " + e.getMessage());
        }
    }

    /**
     * What earlier lines of the file used. A fact id or a scope's key twice is an error; a log entry or snapshot
     * twice is the same one again, counted unchanged.
     */
    private static final class Repeats {
        private final SeenKeys factIds = new SeenKeys();
        private final SeenKeys factKeys = new SeenKeys();
        private final SeenKeys logIds = new SeenKeys();
        private final SeenKeys snapshotNames = new SeenKeys();
        private final SeenKeys versions = new SeenKeys();

        boolean skip(ImportLine line, List<FieldError> errors, ImportCounts counts) {
            String field = "line " + line.number();
            if (line instanceof ImportLine.LogLine log) {
                return repeatOf(logIds.add(log.id()), Kind.LOG, counts);
            }
            if (line instanceof ImportLine.VersionLine version) {
                return !versions.add(
                        version.version().factId() + "\n" + version.version().version());
            }
            if (line instanceof ImportLine.SnapshotLine snapshot) {
                return repeatOf(snapshotNames.add(snapshot.scope() + "\n" + snapshot.name()), Kind.SNAPSHOT, counts);
            }
            ImportLine.FactLine fact = (ImportLine.FactLine) line;
            boolean repeated = false;
            if (!factIds.add(fact.fact().id())) {
                errors.add(new FieldError(field, "id: is the id of a fact on an earlier line"));
                repeated = true;
            }
            if (fact.fact().key() != null
                    && !factKeys.add(fact.scope() + "\n" + fact.fact().key())) {
                errors.add(new FieldError(field, "key: is the key of a fact of this scope on an earlier line"));
                repeated = true;
            }
            return repeated;
        }

        private static boolean repeatOf(boolean isNew, Kind kind, ImportCounts counts) {
            if (!isNew) {
                counts.count(kind, Outcome.UNCHANGED);
            }
            return !isNew;
        }
    }

    /** Lines gathered for one check or write: up to CHUNK_LINES lines and about CHUNK_CHARACTERS characters. */
    private static final class Chunk {
        private List<ImportLine> lines = new ArrayList<>();
        private long characters;

        /** Adds the line; true when the chunk is full. */
        boolean add(ImportLine line, int length) {
            lines.add(line);
            characters += length;
            return lines.size() >= CHUNK_LINES || characters >= CHUNK_CHARACTERS;
        }

        boolean isEmpty() {
            return lines.isEmpty();
        }

        List<ImportLine> take() {
            List<ImportLine> taken = lines;
            lines = new ArrayList<>();
            characters = 0;
            return taken;
        }
    }
}
