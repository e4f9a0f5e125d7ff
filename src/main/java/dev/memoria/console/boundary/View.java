package dev.memoria.console.boundary;

import java.util.Map;

/** What a console handler answers: a rendered page, a redirect after a change, or a file to download. */
public sealed interface View {

    record Page(String template, Map<String, Object> model, int status) implements View {}

    record Redirect(String location) implements View {}

    record Download(String filename, String contentType, String body) implements View {}

    static Page page(String template, Map<String, Object> model) {
        return new Page(template, model, 200);
    }

    static Redirect redirect(String location) {
        return new Redirect(location);
    }
}
