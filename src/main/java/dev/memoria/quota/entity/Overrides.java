package dev.memoria.quota.entity;

/**
 * What an operator set for one tenant over the defaults: null keeps the default, {@link #UNLIMITED} lifts
 * the limit, anything else replaces it. A burst left unset is twice the rate.
 */
public record Overrides(
        Long requestsPerSecond, Long burst, Long subjectRequestsPerSecond, Long subjectBurst, Long facts, Long scopes) {

    public static final long UNLIMITED = -1;
    public static final Overrides NONE = new Overrides(null, null, null, null, null, null);
}
