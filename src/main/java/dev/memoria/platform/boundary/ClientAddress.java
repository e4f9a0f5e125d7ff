package dev.memoria.platform.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The address of the client a request came from, for per-client throttles: the peer's address, or behind
 * proxies the operator names in {@code MEMORIA_TRUSTED_PROXIES} the last address of {@code X-Forwarded-For}
 * that is not one of them. A header from any other peer is ignored, so a client cannot pick its own key.
 */
@ApplicationScoped
public class ClientAddress {

    @Inject
    @ConfigProperty(name = "memoria.trusted.proxies", defaultValue = " ")
    String trustedProxies;

    public String of(HttpServletRequest request) {
        Set<String> proxies = Arrays.stream(trustedProxies.split(","))
                .map(String::strip)
                .filter(address -> !address.isEmpty())
                .collect(Collectors.toSet());
        String peer = request.getRemoteAddr();
        String forwarded = request.getHeader("X-Forwarded-For");
        if (forwarded == null || !proxies.contains(peer)) {
            return peer;
        }
        List<String> hops = Arrays.stream(forwarded.split(","))
                .map(String::strip)
                .filter(hop -> !hop.isEmpty())
                .toList();
        for (int i = hops.size() - 1; i >= 0; i--) {
            if (!proxies.contains(hops.get(i))) {
                return hops.get(i).length() > 64 ? hops.get(i).substring(0, 64) : hops.get(i);
            }
        }
        return peer;
    }
}
