package dev.memoria.console.boundary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Matches a console path such as {@code /tenants/acme/scopes/user:42} against patterns such as
 * {@code /tenants/{tenant}/scopes/{scope}}; a {name} matches exactly one non-empty path segment.
 */
public final class Router {

    /** One page or form action; {@code adminOnly} routes are refused to support staff whatever the method. */
    public record Route(String method, String pattern, Handler handler, boolean adminOnly) {}

    @FunctionalInterface
    public interface Handler {
        View handle(ConsoleRequest request) throws Exception;
    }

    public record Match(Route route, Map<String, String> params) {}

    /** The outcome of routing: a match, or whether the path exists for another method (405, not 404). */
    public record Result(Optional<Match> match, boolean pathKnown) {}

    private final List<Route> routes = new ArrayList<>();

    public Router get(String pattern, Handler handler) {
        routes.add(new Route("GET", pattern, handler, false));
        return this;
    }

    public Router getAdmin(String pattern, Handler handler) {
        routes.add(new Route("GET", pattern, handler, true));
        return this;
    }

    public Router post(String pattern, Handler handler) {
        routes.add(new Route("POST", pattern, handler, false));
        return this;
    }

    public Router postAdmin(String pattern, Handler handler) {
        routes.add(new Route("POST", pattern, handler, true));
        return this;
    }

    public Result route(String method, String path) {
        boolean known = false;
        for (Route route : routes) {
            Map<String, String> params = match(route.pattern(), path);
            if (params != null) {
                if (route.method().equals(method)) {
                    return new Result(Optional.of(new Match(route, params)), true);
                }
                known = true;
            }
        }
        return new Result(Optional.empty(), known);
    }

    /** The path's parameters when it matches the pattern, else null. */
    static Map<String, String> match(String pattern, String path) {
        String[] want = segments(pattern);
        String[] have = segments(path == null || path.isEmpty() ? "/" : path);
        if (want.length != have.length) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < want.length; i++) {
            if (want[i].startsWith("{") && want[i].endsWith("}")) {
                if (have[i].isEmpty()) {
                    return null;
                }
                params.put(want[i].substring(1, want[i].length() - 1), have[i]);
            } else if (!want[i].equals(have[i])) {
                return null;
            }
        }
        return params;
    }

    private static String[] segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
    }
}
