package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.StorableText;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Map;

/**
 * Query and path parameters (a key, a search text, a name) hold only text the database can store: a
 * {@code %00} is a 400 naming the parameter on every database, where PostgreSQL answered it with a 500.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 12)
public class StorableParameters implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        check(request.getUriInfo().getPathParameters());
        check(request.getUriInfo().getQueryParameters());
    }

    private static void check(MultivaluedMap<String, String> parameters) {
        for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
            if (!StorableText.isStorable(parameter.getKey())
                    || !parameter.getValue().stream().allMatch(StorableText::isStorable)) {
                throw DomainException.invalid(
                        StorableText.isStorable(parameter.getKey()) ? parameter.getKey() : "query",
                        StorableText.PROBLEM);
            }
        }
    }
}
