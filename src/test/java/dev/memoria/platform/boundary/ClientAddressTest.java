package dev.memoria.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private final ClientAddress clients = new ClientAddress();

    ClientAddressTest() {
        clients.trustedProxies = "10.0.0.5, 10.0.0.6";
    }

    @Test
    void aPeerThatIsNoTrustedProxyIsTheClientWhateverItForwards() {
        assertEquals("203.0.113.9", clients.of(request("203.0.113.9", "198.51.100.1")));
        assertEquals("203.0.113.9", clients.of(request("203.0.113.9", null)));
    }

    @Test
    void behindTrustedProxiesTheClientIsTheLastHopNotOneOfThem() {
        assertEquals("198.51.100.1", clients.of(request("10.0.0.5", "198.51.100.1")));
        assertEquals("198.51.100.1", clients.of(request("10.0.0.5", "6.6.6.6, 198.51.100.1, 10.0.0.6")));
        assertEquals("10.0.0.5", clients.of(request("10.0.0.5", "10.0.0.6")));
    }

    /** Only the two methods the class reads are answered. */
    private static HttpServletRequest request(String peer, String forwardedFor) {
        Map<String, String> headers = forwardedFor == null ? Map.of() : Map.of("X-Forwarded-For", forwardedFor);
        return (HttpServletRequest) Proxy.newProxyInstance(
                HttpServletRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getRemoteAddr" -> peer;
                    case "getHeader" -> headers.get((String) args[0]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
