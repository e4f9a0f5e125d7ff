package dev.memoria.platform.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongFunction;
import java.util.logging.Logger;

/**
 * A warning that a client can cause at will (bad tokens, wrong passwords) written at most once a minute per
 * client, with the count of the ones held back since the last line, so a flood of bad requests cannot flood
 * the log.
 */
public final class QuietLog {

    static final Duration QUIET = Duration.ofMinutes(1);

    /** When the last line for a key was written, and how many were held back since. */
    private static final class Window {
        Instant written;
        long heldBack;
    }

    private final Logger logger;
    private final Clock clock;
    private final Cache<String, Window> windows = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofHours(1))
            .maximumSize(10_000)
            .build();

    public QuietLog(Logger logger, Clock clock) {
        this.logger = logger;
        this.clock = clock;
    }

    /** Logs {@code message(lines held back)} unless a line for {@code key} was written within the last minute. */
    public void warn(String key, LongFunction<String> message) {
        Instant now = clock.instant();
        Window window = windows.get(key, ignored -> new Window());
        long heldBack;
        synchronized (window) {
            if (window.written != null && window.written.plus(QUIET).isAfter(now)) {
                window.heldBack++;
                return;
            }
            heldBack = window.heldBack;
            window.written = now;
            window.heldBack = 0;
        }
        logger.warning(message.apply(heldBack));
    }
}
