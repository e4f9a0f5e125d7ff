package it.support;

import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The one way integration tests wait for what runs behind a request (the embedding worker, timers): a condition
 * polled until it holds, within a bound that is a guard against a stuck worker, never a speed.
 */
public final class Await {

    private static final Duration POLL = Duration.ofMillis(200);

    private Await() {}

    /**
     * Until the scope's embedding backlog is empty and at least {@code facts} of its facts have a vector ({@code 0}:
     * every fact of the scope); returns how many have one.
     */
    public static int embedded(Api api, String scope, int facts, Duration atMost) {
        AtomicReference<JsonObject> last = new AtomicReference<>();
        try {
            Awaitility.await("the embedding of " + scope)
                    .atMost(atMost)
                    .pollInterval(POLL)
                    .until(() -> {
                        JsonObject stats =
                                api.get("api/v1/scopes/" + scope + "/stats").json();
                        last.set(stats);
                        int embedded = stats.getInt("embedded_facts");
                        return stats.getInt("embedding_backlog") == 0
                                && (facts == 0 ? embedded == stats.getInt("total_facts") : embedded >= facts);
                    });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    "the facts of " + scope + " were not embedded within " + atMost + ": " + last.get(), e);
        }
        return last.get().getInt("embedded_facts");
    }

    /**
     * Polls {@code value} every {@code poll} until {@code done} accepts it, at most {@code atMost} (a bound against a
     * stuck server, never a speed), and returns the value that did; fails naming {@code what} and the last value.
     */
    public static <T> T until(String what, Duration atMost, Duration poll, Callable<T> value, Predicate<T> done) {
        AtomicReference<T> last = new AtomicReference<>();
        try {
            Awaitility.await(what).atMost(atMost).pollInterval(poll).until(() -> {
                T seen = value.call();
                last.set(seen);
                return done.test(seen);
            });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + " did not happen within " + atMost + "; last seen: " + last.get(), e);
        }
        return last.get();
    }

    /** Polls {@code condition} every {@code poll} until it holds, at most {@code atMost}; fails naming {@code what}. */
    public static void until(String what, Duration atMost, Duration poll, Callable<Boolean> condition) {
        until(what, atMost, poll, condition, Boolean.TRUE::equals);
    }
}
