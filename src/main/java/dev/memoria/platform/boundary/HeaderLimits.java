package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Map;

/**
 * Headers within bounds before anything reads them: at most {@link #MAX_HEADERS} fields of at most
 * {@link #MAX_FIELD_CHARACTERS} characters each (431), and Accept and Content-Type quality values that are
 * numbers (400): the runtime's matching threw on {@code q=abc} and answered 500. Fields over 32 KB never get
 * here: Liberty's HTTP channel refuses those itself.
 */
@Provider
@PreMatching
public class HeaderLimits implements ContainerRequestFilter {

    static final int MAX_HEADERS = 100;
    static final int MAX_FIELD_CHARACTERS = 8192;

    @Override
    public void filter(ContainerRequestContext request) {
        int fields = 0;
        for (Map.Entry<String, List<String>> header : request.getHeaders().entrySet()) {
            for (String value : header.getValue()) {
                fields++;
                if (value != null && value.length() > MAX_FIELD_CHARACTERS) {
                    throw tooLarge("The " + header.getKey() + " header is longer than " + MAX_FIELD_CHARACTERS
                            + " characters.");
                }
            }
        }
        if (fields > MAX_HEADERS) {
            throw tooLarge("The request has more than " + MAX_HEADERS + " header fields.");
        }
        checkQualities(HttpHeaders.ACCEPT, request.getHeaders().get(HttpHeaders.ACCEPT));
        checkQualities(HttpHeaders.CONTENT_TYPE, request.getHeaders().get(HttpHeaders.CONTENT_TYPE));
    }

    /** Every q parameter of the header's media ranges is a number from 0 to 1. */
    static void checkQualities(String name, List<String> values) {
        if (values == null) {
            return;
        }
        for (String value : values) {
            for (String range : value.split(",")) {
                for (String parameter : range.split(";")) {
                    String[] pair = parameter.split("=", 2);
                    if (pair.length == 2 && pair[0].strip().equalsIgnoreCase("q") && !isQuality(pair[1].strip())) {
                        throw DomainException.invalid(
                                name,
                                "has a quality value 'q=" + pair[1].strip() + "' that is not a number from 0 to 1");
                    }
                }
            }
        }
    }

    private static boolean isQuality(String text) {
        try {
            float q = Float.parseFloat(text); // as the runtime reads it
            return q >= 0 && q <= 1;
        } catch (NumberFormatException notANumber) {
            return false;
        }
    }

    private static DomainException tooLarge(String detail) {
        return DomainException.headersTooLarge(detail);
    }
}
