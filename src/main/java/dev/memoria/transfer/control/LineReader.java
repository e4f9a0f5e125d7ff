package dev.memoria.transfer.control;

import dev.memoria.platform.entity.DomainException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a UTF-8 stream, each at most {@link #MAX_LINE_CHARACTERS} long: BufferedReader.readLine would
 * hold a line of any length in memory. Malformed UTF-8 and a line over the bound are a 400 naming the line.
 */
final class LineReader implements AutoCloseable {

    /** Room for a snapshot of 10,000 facts of 1,500 characters each. */
    static final int MAX_LINE_CHARACTERS = 16 * 1024 * 1024;

    private final Reader reader;
    private final char[] buffer = new char[64 * 1024];
    private int position;
    private int end;
    private int number;

    LineReader(InputStream in) {
        this.reader = new InputStreamReader(
                in,
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
    }

    /** The number of the line {@link #next()} gave last, from 1. */
    int number() {
        return number;
    }

    /** The next line without its line break, or null at the end of the stream. */
    String next() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            if (position == end && !fill()) {
                if (line.isEmpty()) {
                    return null;
                }
                number++;
                return withoutCarriageReturn(line);
            }
            int start = position;
            while (position < end && buffer[position] != '\n') {
                position++;
            }
            if (line.length() + (position - start) > MAX_LINE_CHARACTERS) {
                throw DomainException.invalid(
                        "line " + (number + 1), "is longer than " + MAX_LINE_CHARACTERS + " characters");
            }
            line.append(buffer, start, position - start);
            if (position < end) {
                position++; // the line break
                number++;
                return withoutCarriageReturn(line);
            }
        }
    }

    private static String withoutCarriageReturn(StringBuilder line) {
        int length = line.length();
        return length > 0 && line.charAt(length - 1) == '\r' ? line.substring(0, length - 1) : line.toString();
    }

    private boolean fill() throws IOException {
        try {
            int read = reader.read(buffer);
            if (read <= 0) {
                return false;
            }
            position = 0;
            end = read;
            return true;
        } catch (CharacterCodingException malformed) {
            throw DomainException.invalid("line " + (number + 1), "is not valid UTF-8 text");
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
