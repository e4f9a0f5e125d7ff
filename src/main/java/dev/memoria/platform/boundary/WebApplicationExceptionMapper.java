package dev.memoria.platform.boundary;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Routing and content negotiation failures (404, 405, 406, 415, unreadable bodies) as problems. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        var problem = Throwables.problemIn(exception);
        if (problem.isPresent()) {
            return Problems.response(problem.get());
        }
        int status = exception.getResponse().getStatus();
        if (status == 400 || Throwables.isJsonParsingFailure(exception)) {
            return Problems.malformedBody();
        }
        Response.StatusType statusType = Response.Status.fromStatusCode(status);
        String title = statusType == null ? "Error" : statusType.getReasonPhrase();
        String type = switch (status) {
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 406 -> "not-acceptable";
            case 415 -> "unsupported-media-type";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            default -> "http-" + status;
        };
        String detail = switch (status) {
            case 404 -> "No resource at this path.";
            case 405 -> "This method is not allowed on this resource.";
            case 415 -> "This content type is not accepted here.";
            case 401 -> "A valid bearer token is required.";
            case 403 -> "The token does not grant this operation.";
            default -> title;
        };
        return Problems.response(status, type, title, detail);
    }
}
