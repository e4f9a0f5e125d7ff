package dev.memoria.fact.control;

import java.util.function.Supplier;

/**
 * A look at what recall and context would answer that is no use of memory: while {@link #during} runs on this
 * thread, {@link FactRepository#recordAccess} records nothing, so access counts, last access and with them
 * retention stay as they were. The console's prompt preview calls the agent's own recall and context through
 * this, so it shows exactly what the agent gets without reinforcing it.
 */
public final class UnrecordedUses {

    private static final ThreadLocal<Boolean> ACTIVE = new ThreadLocal<>();

    private UnrecordedUses() {}

    public static <T> T during(Supplier<T> look) {
        Boolean outer = ACTIVE.get();
        ACTIVE.set(Boolean.TRUE);
        try {
            return look.get();
        } finally {
            if (outer == null) {
                ACTIVE.remove();
            }
        }
    }

    static boolean active() {
        return ACTIVE.get() != null;
    }
}
