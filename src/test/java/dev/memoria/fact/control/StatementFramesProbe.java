package dev.memoria.fact.control;

/** Opens the package-private decision of automatic supersession to the benchmarks in package {@code bench}. */
public final class StatementFramesProbe {

    private static final SupersessionDetector DETECTOR = new SupersessionDetector();
    private static final SupersessionJudge JUDGE = new SupersessionJudge(DETECTOR);

    private StatementFramesProbe() {}

    /** Whether the frame reading alone says the newer replaces the older. */
    public static boolean replaces(String newer, String older) {
        return StatementFrames.match(newer, older).isPresent();
    }

    /** Whether a remember would supersede the older with the newer, as the product decides. */
    public static boolean decides(String newer, String older) {
        return JUDGE.judge(
                        newer,
                        DETECTOR.attributeOf(newer).orElse(null),
                        older,
                        DETECTOR.attributeOf(older).orElse(null))
                .isPresent();
    }
}
