package dev.memoria.agent.boundary;

import dev.memoria.platform.boundary.AllowedOrigins;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.quota.control.RateLimited;
import dev.memoria.quota.control.RateLimiter;
import dev.memoria.tenant.boundary.TokenTenancy;
import dev.memoria.tenant.control.TenantContext;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Admits a request to /mcp as {@code TenantResolver} and {@code RateLimitFilter} admit one to /api: the verified
 * token binds the tenant, a browser origin must be allowed, and the caller's rate limit holds. Those are JAX-RS
 * filters and answer in problem+json; MCP clients expect JSON-RPC, so this filter answers its refusals so.
 */
@WebFilter("/mcp")
public class McpAdmission extends HttpFilter {

    @Inject
    TenantContext tenant;

    @Inject
    RateLimiter rateLimiter;

    /** Requests without an Origin (agents, not browsers) are always allowed. */
    @Inject
    AllowedOrigins origins;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (admitted(request, response)) {
            chain.doFilter(request, response);
        }
    }

    /** Binds the tenant and checks origin and rate; answers the request itself when refusing it. */
    private boolean admitted(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!(request.getUserPrincipal() instanceof JsonWebToken token)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            McpReplies.refuse(response, 401, "A bearer token is required", request);
            return false;
        }
        try {
            TokenTenancy.bind(token, tenant);
        } catch (DomainException invalidToken) {
            response.setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            McpReplies.refuse(response, 401, invalidToken.getMessage(), request);
            return false;
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !origins.allowsMcp(origin)) {
            McpReplies.refuse(response, 403, "Origin not allowed: " + origin, request);
            return false;
        }
        try {
            rateLimiter.admit(tenant.tenantId(), tenant.actor());
        } catch (RateLimited limited) {
            response.setHeader("Retry-After", String.valueOf(limited.retryAfterSeconds()));
            McpReplies.refuse(response, 429, limited.getMessage(), request);
            return false;
        }
        return true;
    }
}
