package dev.memoria.tenant.boundary;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import dev.memoria.tenant.control.TenantContext;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Reads tenant, actor and memory_scopes from a verified token: the one place both REST and MCP bind a request. */
public final class TokenTenancy {

    static final String TENANT_CLAIM = "tenant";
    static final String SCOPES_CLAIM = "memory_scopes";
    static final int MAX_SUBJECT = 255;

    private TokenTenancy() {}

    /** Binds the request's tenant; a token without a valid tenant claim is refused as unauthenticated. */
    public static void bind(JsonWebToken token, TenantContext tenant) {
        Object tenantClaim = token.getClaim(TENANT_CLAIM);
        String tenantId =
                tenantClaim instanceof JsonString s ? s.getString() : tenantClaim instanceof String s ? s : null;
        if (tenantId == null || !TenantContext.TENANT_ID.matcher(tenantId).matches()) {
            throw DomainException.unauthorized("The token has no valid 'tenant' claim.");
        }
        String subject = token.getSubject();
        if (subject != null
                && (subject.length() > MAX_SUBJECT
                        || subject.chars().anyMatch(Character::isISOControl)
                        || !StorableText.isStorable(subject))) {
            // the subject is recorded as the actor of every change it makes
            throw DomainException.unauthorized("The token's 'sub' claim must be at most " + MAX_SUBJECT
                    + " characters, without control characters.");
        }
        tenant.bind(tenantId, subject, memoryScopes(token));
    }

    /** The claim's entries as text; which of them name scopes is the scope component's business. */
    private static List<String> memoryScopes(JsonWebToken token) {
        Object claim = token.getClaim(SCOPES_CLAIM);
        if (claim == null) {
            return null;
        }
        List<String> scopes = new ArrayList<>();
        if (claim instanceof JsonArray array) {
            for (JsonValue value : array) {
                if (value instanceof JsonString s) {
                    scopes.add(s.getString());
                }
            }
        } else if (claim instanceof Iterable<?> values) {
            for (Object value : values) {
                scopes.add(value instanceof JsonString s ? s.getString() : String.valueOf(value));
            }
        } else {
            throw DomainException.unauthorized("The 'memory_scopes' claim must be an array of scopes.");
        }
        return scopes;
    }
}
