package dev.memoria.learn.control;

/** An LLM provider call that did not give an answer. Subclasses tell the fault-tolerance policy what to do. */
public class LlmCallFailed extends RuntimeException {

    LlmCallFailed(String message, Throwable cause) {
        super(message, cause);
    }

    /** Rate limited, overloaded or unreachable: worth a retry after a pause. */
    public static final class Unavailable extends LlmCallFailed {
        Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** No answer within the read timeout: not retried, it would only double the wait. */
    public static final class TimedOut extends LlmCallFailed {
        TimedOut(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The provider refused the request (bad key, bad model): retrying cannot help. */
    public static final class Refused extends LlmCallFailed {
        Refused(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
