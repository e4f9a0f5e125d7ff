package dev.memoria.lifecycle.control;

import java.util.Arrays;
import java.util.Optional;

/** The scheduled lifecycle jobs; each acts in the audit log as "job:" + its name. */
public enum JobKind {
    TTL("ttl"),
    PRUNE("prune"),
    DECAY("decay"),
    CAPACITY("capacity");

    private final String wireName;

    JobKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public String actor() {
        return "job:" + wireName;
    }

    public static Optional<JobKind> fromWire(String name) {
        return Arrays.stream(values())
                .filter(kind -> kind.wireName.equals(name))
                .findFirst();
    }
}
