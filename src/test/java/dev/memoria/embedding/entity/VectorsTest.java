package dev.memoria.embedding.entity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VectorsTest {

    @Test
    void vectorsAreStoredAsLittleEndianFloatsAndReadBackExactly() {
        float[] vector = {0.5f, -0.25f, 1e-7f, -1f};
        byte[] stored = Vectors.toBytes(vector);
        assertEquals(16, stored.length);
        assertEquals(0x3f, stored[3] & 0xff, "0.5f is 0x3f000000, its high byte last");
        assertArrayEquals(vector, Vectors.fromBytes(stored));
    }

    @Test
    void normalizingGivesUnitLengthAndLeavesTheZeroVectorZero() {
        float[] unit = Vectors.normalized(new float[] {3, 4});
        assertEquals(0.6f, unit[0], 1e-6);
        assertEquals(0.8f, unit[1], 1e-6);
        assertArrayEquals(new float[] {0, 0}, Vectors.normalized(new float[] {0, 0}));
    }

    @Test
    void theCosineOfQuantizedVectorsIsCloseToTheFloats() {
        float[] a = Vectors.normalized(new float[] {0.3f, -0.2f, 0.9f, 0.1f});
        float[] b = Vectors.normalized(new float[] {0.25f, 0.1f, 0.8f, -0.3f});
        double exact = 0;
        for (int i = 0; i < a.length; i++) {
            exact += a[i] * b[i];
        }
        byte[] data = new byte[8];
        Vectors.quantize(b, data, 4);
        assertEquals(exact, Vectors.cosine(Vectors.quantized(a), data, 4), 0.02);
        assertEquals(1.0, Vectors.cosine(Vectors.quantized(a), Vectors.quantized(a), 0), 0.02);
    }
}
