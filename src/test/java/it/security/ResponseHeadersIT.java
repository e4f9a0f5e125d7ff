package it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.net.URL;
import java.security.cert.X509Certificate;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Input, headers: answers carry tenants' memory, so no cache keeps them, no browser sniffs them, TLS is sticky. */
@ExtendWith(ArquillianExtension.class)
class ResponseHeadersIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("headers");

    private final Api api = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));

    @Test
    void everyApiAnswerIsNoStoreAndNosniffWhateverItsTypeOrStatus() {
        api.post("api/v1/scopes/user:1/facts", "{\"content\":\"Prefers tea\",\"persistent\":true}");
        for (Api.Reply reply : new Api.Reply[] {
            api.get("api/v1/scopes/user:1/facts"),
            api.get("api/v1/scopes/user:1/memory.md"),
            api.get("api/v1/scopes/user:1/context"),
            api.get("api/v1/export"),
            api.get("api/v1/scopes/user:1/facts/00000000-0000-0000-0000-000000000000"),
            api.as(null).get("api/v1/scopes"),
            api.send("POST", "mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "application/json")
        }) {
            assertEquals("no-store", reply.header("Cache-Control"), reply::toString);
            assertEquals("nosniff", reply.header("X-Content-Type-Options"), reply::toString);
            assertNull(reply.header("Strict-Transport-Security"), "no HSTS over plain HTTP: " + reply);
        }
    }

    @Test
    void answersOverTlsCarryHsts() throws Exception {
        SSLContext trustAll = SSLContext.getInstance("TLS");
        trustAll.init(null, new TrustManager[] {new TrustEveryone()}, null);
        URL url = new URL("https://localhost:" + System.getProperty("it.https.port") + "/api/v1/scopes");
        HttpsURLConnection connection = (HttpsURLConnection) url.openConnection();
        connection.setSSLSocketFactory(trustAll.getSocketFactory());
        connection.setHostnameVerifier((host, session) -> true);
        connection.setRequestProperty("Authorization", "Bearer " + Tokens.token(TENANT, Tokens.ALL_ROLES));
        assertEquals(200, connection.getResponseCode());
        String hsts = connection.getHeaderField("Strict-Transport-Security");
        assertTrue(hsts != null && hsts.startsWith("max-age="), "HSTS: " + hsts);
        assertEquals("no-store", connection.getHeaderField("Cache-Control"));
        connection.disconnect();
    }

    /** The test server's certificate is the development one, signed by nobody. */
    private static final class TrustEveryone implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
