package dev.memoria.platform.boundary;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Gives the API's 401s their problem+json body. When a resource needs a role and the bearer token is
 * missing or invalid, Liberty's MicroProfile JWT layer answers 401 with its challenge and no body at all,
 * past the JAX-RS exception mappers and the container's error pages. A 401 the API wrote itself (a token
 * without a valid tenant) has its content type, and is left alone.
 */
@WebFilter("/api/*")
public class UnauthorizedProblemFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, response);
        if (response.getStatus() == 401 && response.getContentType() == null && !response.isCommitted()) {
            Problems.writeUnauthorized(response);
        }
    }
}
