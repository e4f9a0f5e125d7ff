package dev.memoria.platform.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which browser origins may call /mcp and post the console's sign-in form: those whose host the operator lists in
 * {@code MEMORIA_ALLOWED_HOSTS} (by default this machine's loopback names) or, for /mcp, whole origins listed in
 * {@code MEMORIA_MCP_ALLOWED_ORIGINS}. Never the request's own {@code Host}: a DNS-rebinding page controls it.
 */
@ApplicationScoped
public class AllowedOrigins {

    @Inject
    @ConfigProperty(name = "memoria.allowed.hosts", defaultValue = "localhost,127.0.0.1,[::1]")
    String allowedHosts;

    @Inject
    @ConfigProperty(name = "memoria.mcp.allowed.origins", defaultValue = " ")
    String mcpOrigins;

    /** True for a browser origin whose host is listed. */
    public boolean allows(String origin) {
        String host = hostOf(origin);
        return host != null
                && Arrays.stream(allowedHosts.split(","))
                        .map(AllowedOrigins::normalised)
                        .anyMatch(host::equals);
    }

    /** True for a browser origin that may call /mcp: a listed host, or a whole origin listed for MCP. */
    public boolean allowsMcp(String origin) {
        return allows(origin)
                || Arrays.stream(mcpOrigins.split(",")).map(String::strip).anyMatch(origin::equalsIgnoreCase);
    }

    private static String hostOf(String origin) {
        try {
            URI uri = URI.create(origin);
            if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                return null;
            }
            return normalised(uri.getHost());
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
    }

    private static String normalised(String host) {
        String bare = host.strip().toLowerCase(Locale.ROOT);
        return bare.startsWith("[") && bare.endsWith("]") ? bare.substring(1, bare.length() - 1) : bare;
    }
}
