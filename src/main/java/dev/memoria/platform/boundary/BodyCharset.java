package dev.memoria.platform.boundary;

import dev.memoria.platform.entity.DomainException;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The charset a request body is read in: the one its Content-Type names, UTF-8 when none; a charset Java does not
 * know is a 415, and bytes that are not text in it are reported (a 400), never replaced by U+FFFD.
 */
public final class BodyCharset {

    private BodyCharset() {}

    public static Charset of(MediaType type) {
        String name = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return name == null || name.isBlank() ? StandardCharsets.UTF_8 : Charset.forName(name.strip());
        } catch (IllegalArgumentException unknown) {
            throw new DomainException.UnsupportedMediaType("The charset '" + name + "' is not known; send UTF-8.");
        }
    }

    /** A decoder that reports malformed or unmappable input instead of replacing it. */
    public static CharsetDecoder strictDecoder(Charset charset) {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    public static DomainException notText(Charset charset) {
        return DomainException.invalid("body", "is not valid " + charset.name() + " text");
    }
}
