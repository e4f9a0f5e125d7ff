package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.json.JsonException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

final class Throwables {

    private static final int MAX_DEPTH = 16;

    /**
     * SQL states of a transaction that lost to another and may simply be tried again: serialization failure,
     * deadlock, lock not available.
     */
    private static final Set<String> TRANSIENT_SQL_STATES = Set.of("40001", "40P01", "55P03");

    private Throwables() {}

    /** A problem raised while the body was being read arrives wrapped by the JAX-RS runtime. */
    static Optional<DomainException> problemIn(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            if (t instanceof DomainException problem) {
                return Optional.of(problem);
            }
        }
        return Optional.empty();
    }

    /** True when {@code kind} is the failure or among its causes. */
    static boolean causedBy(Throwable failure, Class<? extends Throwable> kind) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            if (kind.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    static boolean isJsonParsingFailure(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            if (t instanceof JsonException) {
                return true;
            }
        }
        return false;
    }

    /** The database gave up on the request's transaction because of another one: worth a retry, not a 500. */
    static boolean isTransientConflict(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException e = sql; e != null; e = e.getNextException()) {
                    if (e.getSQLState() != null && TRANSIENT_SQL_STATES.contains(e.getSQLState())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
