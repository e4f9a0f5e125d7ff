package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Refuses bodies over the limit (413) before they are read, whether or not Content-Length is sent. */
@Provider
@PreMatching
public class BodySizeLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "memoria.max.body.bytes", defaultValue = "16777216")
    long maxBytes;

    /** A tenant import is streamed to disk, never held in memory: it may be as large as a tenant's export. */
    @Inject
    @ConfigProperty(name = "memoria.max.import.bytes", defaultValue = "8589934592")
    long maxImportBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        long limit = isImport(request) ? maxImportBytes : maxBytes;
        if (declaredLength(request) > limit) {
            throw tooLarge(limit);
        }
        request.setEntityStream(new LimitedStream(request.getEntityStream(), limit));
    }

    private static boolean isImport(ContainerRequestContext request) {
        return "POST".equals(request.getMethod())
                && request.getUriInfo().getPath().replaceFirst("^/", "").equals("import");
    }

    /**
     * The Content-Length as a long, -1 when none is sent. Read as text: the runtime's getLength() parses an int and
     * failed on 2147483648 and more; and over HTTP/2 the container repeats the header ("15, 15").
     */
    static long declaredLength(ContainerRequestContext request) {
        long length = -1;
        for (String value : request.getHeaders().getOrDefault(HttpHeaders.CONTENT_LENGTH, List.of())) {
            for (String part : value.split(",")) {
                try {
                    length = Math.max(length, Long.parseLong(part.strip()));
                } catch (NumberFormatException notALength) {
                    throw DomainException.invalid("Content-Length", "must be a whole number of bytes");
                }
            }
        }
        return length;
    }

    private static DomainException tooLarge(long limit) {
        return DomainException.payloadTooLarge("The request body is larger than " + limit + " bytes.");
    }

    private static final class LimitedStream extends FilterInputStream {
        private final long limit;
        private long remaining;

        LimitedStream(InputStream in, long limit) {
            super(in);
            this.limit = limit;
            this.remaining = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0 && --remaining < 0) {
                throw tooLarge(limit);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0 && (remaining -= n) < 0) {
                throw tooLarge(limit);
            }
            return n;
        }
    }
}
