package dev.memoria.learn.control;

import java.util.Arrays;
import java.util.Optional;

/** Where learn gets its facts from: the built-in rules, or an LLM configured on the server. */
public enum LlmProvider {
    RULES("rules"),
    OPENAI("openai"),
    OPENAI_COMPAT("openai-compat"),
    ANTHROPIC("anthropic");

    private final String wireName;

    LlmProvider(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<LlmProvider> fromWire(String name) {
        return Arrays.stream(values()).filter(p -> p.wireName.equals(name)).findFirst();
    }
}
