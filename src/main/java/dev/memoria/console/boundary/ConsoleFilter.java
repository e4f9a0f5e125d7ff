package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleSessions;
import dev.memoria.console.control.SessionTokens;
import dev.memoria.console.control.SignedIn;
import dev.memoria.platform.boundary.AllowedOrigins;
import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The console's gate, in front of every /console request: security headers, the signed-in user from the
 * session cookie, sign-in required, CSRF token on every POST, support staff refused every change, and a
 * pending one-time password changed before anything else.
 */
@WebFilter("/console/*")
public class ConsoleFilter implements Filter {

    static final String USER = ConsoleFilter.class.getName() + ".user";
    static final String CSRF_FIELD = "_csrf";
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    /** Reachable without signing in. */
    private static final String LOGIN = "/login";
    /** Changes support staff may make: their own password and signing out. */
    private static final java.util.Set<String> OWN_ACCOUNT = java.util.Set.of("/password", "/logout");
    /** Forms that only read, posted so that what they carry stays out of URLs (and proxies' logs). */
    private static final java.util.Set<String> READ_ONLY_POSTS = java.util.Set.of("/search/deleted");

    @Inject
    ConsoleSessions sessions;

    @Inject
    AllowedOrigins origins;

    @Override
    public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) servletRequest;
        HttpServletResponse response = (HttpServletResponse) servletResponse;
        secureHeaders(response);
        request.setCharacterEncoding("UTF-8");
        String path = pathOf(request);
        boolean post = "POST".equals(request.getMethod());
        Optional<SignedIn> user = sessions.find(ConsoleCookie.read(request));
        if (path.equals(LOGIN)) {
            if (post && !fromAllowedOrigin(request)) {
                ConsoleErrors.forbidden(request, response, "The sign-in form must be sent from this console.");
                return;
            }
            chain.doFilter(request, response);
            return;
        }
        if (user.isEmpty()) {
            if (ConsoleCookie.read(request) != null) {
                ConsoleCookie.clear(request, response);
            }
            response.sendRedirect(request.getContextPath() + "/console/login");
            return;
        }
        SignedIn me = user.get();
        if (post && !SessionTokens.matches(me.csrfToken(), request.getParameter(CSRF_FIELD))) {
            ConsoleErrors.forbidden(
                    request,
                    response,
                    "The form carried no valid CSRF token (it is stale or did not come from this console). Reload the page and try again.");
            return;
        }
        if (post && !me.canChange() && !OWN_ACCOUNT.contains(path) && !READ_ONLY_POSTS.contains(path)) {
            ConsoleErrors.forbidden(request, response, "Your role (support) may read but not change anything.");
            return;
        }
        if (me.mustChangePassword() && !OWN_ACCOUNT.contains(path)) {
            response.sendRedirect(request.getContextPath() + "/console/password");
            return;
        }
        request.setAttribute(USER, me);
        chain.doFilter(request, response);
    }

    static String pathOf(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String rest = path.length() > "/console".length() ? path.substring("/console".length()) : "/";
        return rest.length() > 1 && rest.endsWith("/") ? rest.substring(0, rest.length() - 1) : rest;
    }

    private static void secureHeaders(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("Cache-Control", "no-store");
    }

    /**
     * A browser names the page a form came from; one from another site is refused (login CSRF), and so is one
     * whose host is not listed (a DNS-rebinding page names its own host, which the request's Host repeats).
     */
    private boolean fromAllowedOrigin(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        return origin == null || origins.allows(origin);
    }
}
