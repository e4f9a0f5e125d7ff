package dev.memoria.embedding.entity;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Embedding vectors as the database and the in-memory index keep them: unit length; stored as little-endian
 * float32 bytes; searched as signed bytes (each component times 127, rounded), a quarter of the memory, whose
 * dot product ranks like the cosine of the floats for these models' 384 components.
 */
public final class Vectors {

    static final float SCALE = 127f;

    private static final DotProduct DOT = DotProduct.best();

    private Vectors() {}

    public static float[] normalized(float[] vector) {
        double norm = 0;
        for (float x : vector) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        float[] unit = new float[vector.length];
        if (norm == 0) {
            return unit;
        }
        for (int i = 0; i < vector.length; i++) {
            unit[i] = (float) (vector[i] / norm);
        }
        return unit;
    }

    public static byte[] toBytes(float[] vector) {
        ByteBuffer bytes = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : vector) {
            bytes.putFloat(x);
        }
        return bytes.array();
    }

    public static float[] fromBytes(byte[] stored) {
        ByteBuffer bytes = ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN);
        float[] vector = new float[stored.length / Float.BYTES];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = bytes.getFloat();
        }
        return vector;
    }

    /** A unit vector as signed bytes, into {@code target} from {@code offset}. */
    public static void quantize(float[] unit, byte[] target, int offset) {
        for (int i = 0; i < unit.length; i++) {
            target[offset + i] = (byte) Math.max(-127, Math.min(127, Math.round(unit[i] * SCALE)));
        }
    }

    public static byte[] quantized(float[] unit) {
        byte[] bytes = new byte[unit.length];
        quantize(unit, bytes, 0);
        return bytes;
    }

    /** The cosine of two quantized unit vectors, the second at {@code offset} of {@code data}. */
    public static float cosine(byte[] query, byte[] data, int offset) {
        return DOT.dot(query, data, offset) / (SCALE * SCALE);
    }
}
