package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The one mapper of the domain's failures: each becomes the problem of its kind. */
@Provider
public class DomainExceptionMapper implements ExceptionMapper<DomainException> {

    @Override
    public Response toResponse(DomainException problem) {
        return Problems.response(problem);
    }
}
