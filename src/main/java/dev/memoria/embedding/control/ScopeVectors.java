package dev.memoria.embedding.control;

import dev.memoria.embedding.entity.Vectors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One scope's vectors of one model as this server holds them: quantized, one after the other in one array,
 * searched exactly by scanning it. A version is never changed in place but for a slot that dies (its fact
 * deleted or its vector replaced): catching up appends behind the versions readers still hold.
 */
final class ScopeVectors {

    /** Identifies the scope row the vectors belong to, and how far they are caught up with it. */
    record Version(Instant scopeCreated, long epoch, long seq) {}

    record Row(String factId, long seq, float[] vector) {}

    final Version version;
    private final int dimensions;
    private final String[] ids;
    private final byte[] data;
    private final int size;
    private final Map<String, Integer> slots;

    private ScopeVectors(
            Version version, int dimensions, String[] ids, byte[] data, int size, Map<String, Integer> slots) {
        this.version = version;
        this.dimensions = dimensions;
        this.ids = ids;
        this.data = data;
        this.size = size;
        this.slots = slots;
    }

    static ScopeVectors empty(Version version) {
        return new ScopeVectors(version, 0, new String[0], new byte[0], 0, new ConcurrentHashMap<>());
    }

    /** These vectors with {@code rows} (newer, in seq order) appended; a fact's older vector dies. */
    ScopeVectors with(List<Row> rows, Version caughtUp) {
        if (rows.isEmpty()) {
            return new ScopeVectors(caughtUp, dimensions, ids, data, size, slots);
        }
        int dims = dimensions == 0 ? rows.get(0).vector().length : dimensions;
        String[] newIds = ids;
        byte[] newData = data;
        int needed = size + rows.size();
        if (needed > ids.length) { // grow by doubling: readers of older versions keep the arrays they have
            int capacity = Math.max(needed, Math.max(16, ids.length * 2));
            newIds = Arrays.copyOf(ids, capacity);
            newData = Arrays.copyOf(data, capacity * dims);
        }
        int next = size;
        for (Row row : rows) {
            if (row.vector().length != dims) {
                continue; // another length cannot be another model's: the model tag selects; skip the odd one
            }
            Integer old = slots.get(row.factId());
            if (old != null) {
                newIds[old] = null;
            }
            newIds[next] = row.factId();
            Vectors.quantize(row.vector(), newData, next * dims);
            slots.put(row.factId(), next);
            next++;
        }
        return new ScopeVectors(caughtUp, dims, newIds, newData, next, slots);
    }

    /** Marks the facts' vectors dead: their facts are gone. */
    void forget(List<String> factIds) {
        for (String id : factIds) {
            Integer slot = slots.remove(id);
            if (slot != null) {
                ids[slot] = null;
            }
        }
    }

    int live() {
        return slots.size();
    }

    long bytes() {
        return data.length + ids.length * 96L;
    }

    /** The {@code k} facts most like the (quantized, unit) query, best first. */
    List<VectorIndex.Hit> top(byte[] query, int k) {
        if (dimensions == 0 || query.length != dimensions || k <= 0) {
            return List.of();
        }
        PriorityQueue<VectorIndex.Hit> best =
                new PriorityQueue<>(k + 1, (a, b) -> Float.compare(a.cosine(), b.cosine()));
        for (int i = 0; i < size; i++) {
            String id = ids[i];
            if (id == null) {
                continue;
            }
            float cosine = Vectors.cosine(query, data, i * dimensions);
            if (best.size() < k) {
                best.add(new VectorIndex.Hit(id, cosine));
            } else if (cosine > best.peek().cosine()) {
                best.poll();
                best.add(new VectorIndex.Hit(id, cosine));
            }
        }
        List<VectorIndex.Hit> hits = new ArrayList<>(best);
        hits.sort((a, b) -> Float.compare(b.cosine(), a.cosine()));
        return hits;
    }

    /** The cosine of one fact's vector with the query, or NaN when it has none here. */
    float cosine(String factId, byte[] query) {
        Integer slot = slots.get(factId);
        if (slot == null || slot >= size || ids[slot] == null || query.length != dimensions) {
            return Float.NaN;
        }
        return Vectors.cosine(query, data, slot * dimensions);
    }
}
