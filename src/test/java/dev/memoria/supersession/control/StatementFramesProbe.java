package dev.memoria.supersession.control;

/** Opens the package-private decision of automatic supersession to the benchmarks in package {@code bench}. */
public final class StatementFramesProbe {

    private static final SupersessionJudge JUDGE = new SupersessionJudge();

    private StatementFramesProbe() {}

    /** Whether the frame reading alone says the newer replaces the older. */
    public static boolean replaces(String newer, String older) {
        return StatementFrames.match(newer, older).isPresent();
    }

    /** Whether a remember would supersede the older with the newer, as the product decides. */
    public static boolean decides(String newer, String older) {
        return JUDGE.judge(
                        newer,
                        SupersessionJudge.attributeOf(newer).orElse(null),
                        older,
                        SupersessionJudge.attributeOf(older).orElse(null))
                .isPresent();
    }
}
