package dev.memoria.supersession.control;

import dev.memoria.platform.control.Jsons;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Decides whether a newer fact replaces the value an older fact states, and says why. Open-world first: {@link
 * StatementFrames} reads the two statements as one frame with a slot, about anything. For the one attribute whose
 * phrasings share no frame ("lives in Lisbon" / "moved to Berlin") the {@link SupersessionDetector}'s rules
 * decide too; its other attributes added almost nothing on a stranger's data and hid true facts, so they decide
 * nothing now.
 *
 * <p>Nothing below {@link #HIDE_AT} hides a fact: a wrong hide is silent, a kept stale fact is not.
 */
public final class SupersessionJudge {

    /** Why a newer fact ended an older one, recorded with the older fact and shown in its history. */
    public record Decision(String method, String frame, String reason, double confidence) {

        public String evidence() {
            return Jsons.createObjectBuilder()
                    .add("method", method)
                    .add("matched", frame)
                    .add("reason", reason)
                    .add("confidence", confidence)
                    .build()
                    .toString();
        }
    }

    static final double HIDE_AT = 0.85;

    /**
     * The one attribute whose rules still decide: where someone lives, whose phrasings share no frame ("lives in
     * Lisbon" / "moved to Berlin"). On the tuning half of a stranger's pairs the other attributes' rules added one
     * update in two hundred and hid true facts in its replayed stream.
     */
    private static final Pattern TRUSTED_ATTRIBUTES = Pattern.compile("residence(@.*)?");

    private static final double ATTRIBUTE_RULE = 0.9;

    /** At most this many statements are kept read: one write's contents and their candidates. */
    private static final int READ_STATEMENTS = 4_096;

    private final SupersessionDetector detector = SupersessionDetector.deciding();
    /** Each statement read once for the judge's life: one write, where a content meets many candidates. */
    private final Map<String, StatementFrames.Statement> statements = new HashMap<>();

    /** A judge for one write (its reading of statements is kept, and is not for sharing between threads). */
    public SupersessionJudge() {}

    /**
     * The attribute whose rules decide that a fact states, if any: what a write looks older facts up by, since those
     * rules decide between phrasings that share no words.
     */
    public static Optional<String> attributeOf(String content) {
        return SupersessionDetector.deciding().attributeOf(content);
    }

    private StatementFrames.Statement statement(String text) {
        if (statements.size() >= READ_STATEMENTS) {
            statements.clear();
        }
        return statements.computeIfAbsent(text, StatementFrames::read);
    }

    /** Whether the rules of this attribute still decide (and its facts are worth looking up by it). */
    public static boolean trusts(String attribute) {
        return attribute != null && TRUSTED_ATTRIBUTES.matcher(attribute).matches();
    }

    /** The decision that the newer content replaces the older, if it does with at least {@link #HIDE_AT}. */
    public Optional<Decision> judge(String newer, String newerAttribute, String older, String olderAttribute) {
        Optional<Decision> byFrame = StatementFrames.match(statement(newer), statement(older))
                .map(m -> new Decision("frame", m.frame(), m.reason(), m.confidence()));
        if (byFrame.isPresent()) {
            return byFrame.filter(d -> d.confidence() >= HIDE_AT);
        }
        if (newerAttribute != null
                && newerAttribute.equals(olderAttribute)
                && trusts(newerAttribute)
                && StatementFrames.saysItChanged(newer)
                && detector.supersedes(newer, older)) {
            return Optional.of(new Decision(
                    "attribute",
                    newerAttribute,
                    "another value of " + newerAttribute + ", and the newer says it changed",
                    ATTRIBUTE_RULE));
        }
        return Optional.empty();
    }
}
