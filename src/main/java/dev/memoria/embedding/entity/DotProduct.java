package dev.memoria.embedding.entity;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The dot product of signed-byte vectors, the inner loop of every vector search: with SIMD where the JVM was
 * started with {@code --add-modules=jdk.incubator.vector} (the server's jvm.options does; three times faster on
 * 384 components), else a plain loop. The JDK's own API rather than a library's: Lucene's {@code VectorUtil} only
 * vectorizes on Java 20 and later.
 */
public interface DotProduct {

    int dot(byte[] query, byte[] data, int offset);

    /** "simd-256" (bits per vector register used), or "scalar". */
    String description();

    DotProduct SCALAR = new DotProduct() {
        @Override
        public int dot(byte[] query, byte[] data, int offset) {
            int dot = 0;
            for (int i = 0; i < query.length; i++) {
                dot += query[i] * data[offset + i];
            }
            return dot;
        }

        @Override
        public String description() {
            return "scalar";
        }
    };

    /** The fastest this JVM offers, chosen once. */
    static DotProduct best() {
        return Best.INSTANCE;
    }

    /** Holder: the choice is made on first use (a fallback is logged). */
    final class Best {
        static final DotProduct INSTANCE = choose();

        private Best() {}

        private static DotProduct choose() {
            if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
                return SCALAR;
            }
            try {
                DotProduct simd = new SimdDotProduct();
                byte[] probe = {
                    1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37
                };
                if (simd.dot(probe, probe, 0) != SCALAR.dot(probe, probe, 0)) {
                    return SCALAR;
                }
                return simd;
            } catch (LinkageError | RuntimeException unavailable) { // a class loader that cannot see the module
                Logger.getLogger(DotProduct.class.getName())
                        .log(Level.WARNING, "Vector search falls back to a scalar loop: " + unavailable);
                return SCALAR;
            }
        }
    }
}
