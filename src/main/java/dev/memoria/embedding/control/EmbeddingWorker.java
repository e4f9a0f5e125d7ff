package dev.memoria.embedding.control;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Embeds queued facts behind the writes: every second, while there is work, it claims a batch of its model's
 * queue (other servers take other rows), embeds it outside any transaction, and stores each scope's vectors in a short transaction.
 * A claim this server does not finish (it stopped, the endpoint failed) is taken by any server once its lease
 * is over.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class EmbeddingWorker {

    private static final Logger LOG = Logger.getLogger(EmbeddingWorker.class.getName());
    static final Duration LEASE = Duration.ofMinutes(2);
    /** One tick works at most this long, so the timer thread is given back now and then. */
    static final Duration TICK = Duration.ofSeconds(20);

    private final String server = "server-" + UUID.randomUUID();
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong embedded = new AtomicLong();
    /** The longest claim since the server started, in microseconds: a claim's time must not grow with the queue. */
    private final AtomicLong longestClaimMicros = new AtomicLong();

    @Inject
    Embeddings embeddings;

    @Inject
    EmbeddingBacklog backlog;

    @Inject
    EmbeddingBackfill backfill;

    @Inject
    EmbeddingModels models;

    /**
     * The backfill runs when this server first says which model it uses, and once more a minute later: writes
     * on servers that did not know of the model yet have not queued their facts for it.
     */
    private int backfills = 2;

    @Inject
    @ConfigProperty(name = "memoria.embeddings.batch", defaultValue = "64")
    int batch;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false, info = "memoria:embeddings")
    void everySecond() {
        if (!embeddings.enabled() || !running.compareAndSet(false, true)) {
            return;
        }
        try {
            drain();
        } catch (RuntimeException failed) { // the claims come back to the queue when their lease ends
            LOG.log(Level.WARNING, "Embeddings: a batch failed and waits for its next try", failed);
        } finally {
            running.set(false);
        }
    }

    /** How many facts this server embedded since it started. */
    public long embedded() {
        return embedded.get();
    }

    /** The longest claim of queued facts since the server started, in whole milliseconds (rounded up). */
    public long longestClaimMillis() {
        return (longestClaimMicros.get() + 999) / 1000;
    }

    private void drain() {
        if (!embeddings.ensureLoaded()) {
            return;
        }
        EmbeddingModel model = embeddings.model().orElseThrow();
        if (models.seen(model.id()) && backfills > 0) {
            backfill.queueMissing(model.id());
            backfills--;
        }
        long deadline = System.nanoTime() + TICK.toNanos();
        while (System.nanoTime() < deadline) {
            long claiming = System.nanoTime();
            List<EmbeddingBacklog.Claim> claims = backlog.claim(server, model.id(), batch, LEASE);
            longestClaimMicros.accumulateAndGet((System.nanoTime() - claiming) / 1000, Math::max);
            if (claims.isEmpty()) {
                return;
            }
            List<EmbeddingBacklog.Text> texts = backlog.texts(claims, model.id());
            if (texts.isEmpty()) {
                continue;
            }
            List<float[]> vectors = embed(model, texts);
            Map<List<String>, List<Integer>> byScope = new LinkedHashMap<>();
            for (int i = 0; i < texts.size(); i++) {
                EmbeddingBacklog.Claim claim = texts.get(i).claim();
                byScope.computeIfAbsent(List.of(claim.tenant(), claim.scope()), scope -> new ArrayList<>())
                        .add(i);
            }
            byScope.forEach((scope, indexes) -> {
                List<Integer> made =
                        indexes.stream().filter(i -> vectors.get(i) != null).toList();
                if (!made.isEmpty()) {
                    embedded.addAndGet(backlog.store(
                            scope.get(0),
                            scope.get(1),
                            made.stream().map(texts::get).toList(),
                            made.stream().map(vectors::get).toList(),
                            model.id()));
                }
            });
        }
    }

    /**
     * The batch's vectors; when the batch fails, each text is embedded alone, so one text the model refuses keeps
     * only its own claim back (null here: it is tried again when its lease ends, then dropped), not its batch's.
     */
    static List<float[]> embed(EmbeddingModel model, List<EmbeddingBacklog.Text> texts) {
        try {
            return model.embed(texts.stream().map(EmbeddingBacklog.Text::text).toList());
        } catch (EmbeddingFailed failed) {
            if (texts.size() == 1) {
                throw failed;
            }
        }
        List<float[]> vectors = new ArrayList<>();
        EmbeddingFailed last = null;
        for (EmbeddingBacklog.Text text : texts) {
            try {
                vectors.add(model.embed(List.of(text.text())).get(0));
            } catch (EmbeddingFailed failed) {
                vectors.add(null);
                last = failed;
                if (vectors.size() == 2 && vectors.get(0) == null) {
                    throw failed; // the model itself fails (an endpoint down): every claim waits for its lease
                }
            }
        }
        if (vectors.stream().allMatch(java.util.Objects::isNull)) {
            throw last;
        }
        if (last != null) {
            LOG.log(Level.WARNING, "Embeddings: the model refused a text; it waits for its next try", last);
        }
        return vectors;
    }
}
