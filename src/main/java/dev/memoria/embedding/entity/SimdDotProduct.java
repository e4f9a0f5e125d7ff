package dev.memoria.embedding.entity;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The dot product of signed-byte vectors with the JDK's Vector API: bytes widened to shorts (a product of two
 * components of at most 127 fits), multiplied lane by lane, widened to ints and summed, as wide as the CPU's
 * preferred vectors. Exact: integer arithmetic gives the scalar loop's result. Only loaded through
 * {@link DotProduct}, which falls back to that loop when the JVM runs without {@code jdk.incubator.vector}.
 */
final class SimdDotProduct implements DotProduct {

    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES =
            VectorSpecies.of(byte.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, SHORTS.vectorShape());

    @Override
    public int dot(byte[] query, byte[] data, int offset) {
        IntVector sums = IntVector.zero(INTS);
        int i = 0;
        for (int bound = BYTES.loopBound(query.length); i < bound; i += BYTES.length()) {
            ShortVector a =
                    (ShortVector) ByteVector.fromArray(BYTES, query, i).convertShape(VectorOperators.B2S, SHORTS, 0);
            ShortVector b = (ShortVector)
                    ByteVector.fromArray(BYTES, data, offset + i).convertShape(VectorOperators.B2S, SHORTS, 0);
            ShortVector products = a.mul(b);
            sums = sums.add(products.convertShape(VectorOperators.S2I, INTS, 0))
                    .add(products.convertShape(VectorOperators.S2I, INTS, 1));
        }
        int dot = sums.reduceLanes(VectorOperators.ADD);
        for (; i < query.length; i++) {
            dot += query[i] * data[offset + i];
        }
        return dot;
    }

    @Override
    public String description() {
        return "simd-" + SHORTS.vectorBitSize();
    }
}
