package dev.memoria.embedding.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DotProductTest {

    @Test
    void theSimdProductIsTheScalarOneForEveryLengthAndOffset() {
        DotProduct simd = new SimdDotProduct();
        Random random = new Random(7);
        for (int length = 0; length <= 400; length++) {
            byte[] query = new byte[length];
            byte[] data = new byte[length * 3 + 5];
            random.nextBytes(data);
            for (int i = 0; i < length; i++) { // the quantizer's range: -127..127
                query[i] = (byte) (random.nextInt(255) - 127);
                data[i] = data[i] == Byte.MIN_VALUE ? 127 : data[i];
            }
            for (int offset : new int[] {0, 1, length + 3}) {
                assertEquals(
                        DotProduct.SCALAR.dot(query, data, offset), simd.dot(query, data, offset), "length " + length);
            }
        }
    }

    @Test
    void extremeComponentsDoNotOverflow() {
        byte[] high = new byte[384];
        byte[] low = new byte[384];
        java.util.Arrays.fill(high, (byte) 127);
        java.util.Arrays.fill(low, (byte) -127);
        assertEquals(384 * 127 * 127, new SimdDotProduct().dot(high, high, 0));
        assertEquals(-384 * 127 * 127, new SimdDotProduct().dot(high, low, 0));
    }

    @Test
    void theJvmOfTheTestsAsTheServersUsesSimd() {
        assertTrue(
                DotProduct.best().description().startsWith("simd-"),
                DotProduct.best().description());
    }
}
