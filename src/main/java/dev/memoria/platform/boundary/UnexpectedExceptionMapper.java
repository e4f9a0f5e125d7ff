package dev.memoria.platform.boundary;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Last line: unreadable JSON is the client's fault; anything else is logged with an id and hidden. */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        var problem = Throwables.problemIn(failure);
        if (problem.isPresent()) {
            return Problems.response(problem.get());
        }
        if (failure instanceof ProcessingException || Throwables.isJsonParsingFailure(failure)) {
            return Problems.malformedBody();
        }
        if (Throwables.isTransientConflict(failure)) {
            LOG.log(Level.WARNING, "A transaction lost to a concurrent one and was rolled back", failure);
            return Response.fromResponse(Problems.response(
                            503,
                            "busy",
                            "Busy",
                            "The request met a concurrent change of the same memory and was rolled back whole;"
                                    + " retry it."))
                    .header("Retry-After", "1")
                    .build();
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
        return Problems.response(
                500,
                "internal",
                "Internal server error",
                "The server could not complete the request (incident " + incident + ").");
    }
}
