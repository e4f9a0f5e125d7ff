package it.security;

import static it.support.ProblemAssertions.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Scopes: an erasure receipt is read only by tokens whose memory_scopes would have let them make the erasure. */
@ExtendWith(ArquillianExtension.class)
class ErasureReceiptScopeIT extends Deployments {

    private static final String TENANT = Tokens.newTenant("receipts");

    private final Api admin = new Api(Api.serverBase(), Tokens.token(TENANT, Tokens.ALL_ROLES));

    @Test
    void aScopeLimitedAdminReadsOnlyReceiptsOfItsScopes() {
        assertEquals(
                201,
                admin.post("api/v1/scopes/user:7/facts", "{\"content\":\"Card ends 4242\"}")
                        .status());
        Api.Reply erased = admin.post("api/v1/erasures", "{\"subject\":\"user:7\"}");
        assertEquals(201, erased.status(), erased::toString);
        String receipt = "api/v1/erasures/" + erased.json().getString("id");

        Api elsewhere = admin.as(Tokens.token(TENANT, Tokens.ALL_ROLES, List.of("user:8")));
        assertProblem(elsewhere.get(receipt), 404);
        Api prefixOnly = admin.as(Tokens.token(TENANT, Tokens.ALL_ROLES, List.of("user:7:project")));
        assertProblem(prefixOnly.get(receipt), 404);

        Api covering = admin.as(Tokens.token(TENANT, Tokens.ALL_ROLES, List.of("user:7")));
        assertEquals("user:7", covering.get(receipt).json().getString("subject"));
        assertEquals("user:7", admin.get(receipt).json().getString("subject"), "an unlimited admin reads it");
    }

    @Test
    void aContentErasureAcrossTheTenantIsHiddenFromALimitedToken() {
        assertEquals(
                201,
                admin.post("api/v1/scopes/user:9/facts", "{\"content\":\"PIN is 1234\"}")
                        .status());
        assertEquals(
                201,
                admin.post("api/v1/scopes/user:10/facts", "{\"content\":\"PIN is 1234 too\"}")
                        .status());
        Api.Reply erased = admin.post("api/v1/erasures", "{\"content_contains\":\"PIN is 1234\"}");
        assertEquals(201, erased.status(), erased::toString);
        String receipt = "api/v1/erasures/" + erased.json().getString("id");
        assertProblem(
                admin.as(Tokens.token(TENANT, Tokens.ALL_ROLES, List.of("user:9")))
                        .get(receipt),
                404);
    }
}
