package dev.memoria.platform.boundary;

import dev.memoria.platform.control.FailureThrottle;
import dev.memoria.platform.control.QuietLog;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first filter of every /api and /mcp request (mapped in web.xml, so it runs before the others):
 * <ul>
 *   <li>answers carry tenants' memory, so no cache may keep them and no browser may sniff their type; over TLS
 *       they carry HSTS ({@code MEMORIA_HSTS}, empty to leave it to a proxy);
 *   <li>a client that keeps sending missing or invalid bearer tokens is refused with a 429 before its next token
 *       is even checked, and is logged once a minute, not once a token;
 *   <li>the 401s of Liberty's MicroProfile JWT layer, which have no body, get their problem+json body;
 *   <li>every answer names the contract it speaks ({@value #API_VERSION_HEADER}), so a client of another major
 *       version stops at its first call with a clear error instead of misreading fields.
 * </ul>
 */
public class ApiGate extends HttpFilter {

    /** The header naming the REST contract's major version, the openapi.yaml's {@code info.version}. */
    public static final String API_VERSION_HEADER = "Memoria-Api-Version";

    /** The major version of the REST contract (API.md, v1); clients compare it with the versions they speak. */
    public static final String API_VERSION = "1";

    /** Bad tokens a client may send in a row before it must wait: an expired token retried a few times is fine. */
    static final int FREE_BAD_TOKENS = 20;

    private static final Logger LOG = Logger.getLogger(ApiGate.class.getName());

    @Inject
    FailureThrottle throttle;

    @Inject
    Clock clock;

    @Inject
    ClientAddress clients;

    @Inject
    @ConfigProperty(name = "memoria.hsts", defaultValue = "max-age=31536000; includeSubDomains")
    String hsts;

    private QuietLog badTokens;

    @PostConstruct
    void start() {
        badTokens = new QuietLog(LOG, clock);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader(API_VERSION_HEADER, API_VERSION);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (request.isSecure() && !hsts.isBlank()) {
            response.setHeader("Strict-Transport-Security", hsts.strip());
        }
        String address = clients.of(request);
        String client = "bearer|" + address;
        Duration wait = throttle.wait(client);
        if (!wait.isZero()) {
            long seconds = FailureThrottle.retryAfterSeconds(wait);
            response.setHeader("Retry-After", String.valueOf(seconds));
            Problems.write(
                    response,
                    429,
                    "too-many-bad-tokens",
                    "Too many requests with a missing or invalid token",
                    "This client sent too many requests without a valid bearer token; try again in " + seconds + " s.",
                    List.of());
            return;
        }
        chain.doFilter(request, response);
        if (response.getStatus() == 401) {
            throttle.failed(client, FREE_BAD_TOKENS);
            badTokens.warn(
                    address,
                    heldBack -> "CWMEM0010W: A request from " + address
                            + " had a missing or invalid bearer token"
                            + (heldBack == 0
                                    ? ""
                                    : " (" + heldBack + " more from this address in the minute before are not logged)")
                            + ".");
            if (response.getContentType() == null && !response.isCommitted()) {
                Problems.writeUnauthorized(response);
            }
        } else if (response.getStatus() < 400) {
            throttle.succeeded(client);
        }
    }
}
