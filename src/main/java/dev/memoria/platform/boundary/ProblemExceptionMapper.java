package dev.memoria.platform.boundary;

import dev.memoria.platform.control.ProblemException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

    @Override
    public Response toResponse(ProblemException problem) {
        return Problems.response(problem);
    }
}
