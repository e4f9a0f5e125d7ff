package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import java.util.Optional;

final class Throwables {

    private static final int MAX_DEPTH = 16;

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

    static boolean isJsonParsingFailure(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
            if (t instanceof JsonException || t instanceof JsonbException) {
                return true;
            }
        }
        return false;
    }
}
