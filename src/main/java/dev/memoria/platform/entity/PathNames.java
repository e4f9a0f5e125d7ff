package dev.memoria.platform.entity;

/**
 * The rule for names a client chooses whose parent path holds a destructive call (scope segments, snapshot names):
 * they may never be {@code .} or {@code ..}. Clients remove dot segments before they send (RFC 3986, 5.2.4), so
 * {@code DELETE …/snapshots/..} reaches the server as {@code DELETE …/scopes/{scope}/}, which clears the scope.
 */
public final class PathNames {

    public static final String PROBLEM = "must not be '.' or '..'";

    private PathNames() {}

    public static boolean isDotSegment(String name) {
        return ".".equals(name) || "..".equals(name);
    }
}
