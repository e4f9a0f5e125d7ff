package dev.memoria.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.memoria.client.MemoryBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Takes back out of chat messages what a {@link MemoriaContentRetriever} put into them. LangChain4j's content injector
 * appends the retrieved contents to the user's message ({@code DefaultContentInjector}: the message, a blank line,
 * {@code Answer using the following information:}, then the contents), and {@code AiServices} keeps that augmented
 * message in the chat memory unless told otherwise; each content of the retriever is a {@link MemoryBlock}, so the
 * blocks, and the injector's line that introduces them, are recognised and removed: what is left is what the user
 * wrote.
 */
final class InjectedMemory {

    /** DefaultContentInjector's line before the contents, when a memory block follows it. */
    private static final Pattern INJECTOR_PREAMBLE = Pattern.compile(
            "Answer using the following information:[ \\t]*\\R?(?=" + Pattern.quote(MemoryBlock.WARNING) + ")");

    private InjectedMemory() {}

    /** The text without the memory blocks injected into it (and the default injector's line before them). */
    static String strip(String text) {
        if (text == null || !text.contains(MemoryBlock.OPEN)) {
            return text;
        }
        return MemoryBlock.strip(INJECTOR_PREAMBLE.matcher(text).replaceAll(""));
    }

    /**
     * The messages with the memory blocks taken out of the user and system messages; a message that held nothing
     * else is left out. Other messages (the model's, tools') are kept as they are.
     */
    static List<ChatMessage> strip(List<ChatMessage> messages) {
        List<ChatMessage> out = new ArrayList<>(messages.size());
        for (ChatMessage message : messages) {
            ChatMessage kept = strip(message);
            if (kept != null) {
                out.add(kept);
            }
        }
        return out;
    }

    /** The message without memory blocks, itself when it has none, null when nothing else was in it. */
    static ChatMessage strip(ChatMessage message) {
        if (message instanceof UserMessage user) {
            return strip(user);
        }
        if (message instanceof SystemMessage system) {
            String text = strip(system.text());
            if (text.equals(system.text())) {
                return system;
            }
            return text.isBlank() ? null : SystemMessage.from(text);
        }
        return message;
    }

    private static UserMessage strip(UserMessage user) {
        boolean changed = false;
        List<Content> contents = new ArrayList<>(user.contents().size());
        for (Content content : user.contents()) {
            if (content instanceof TextContent textContent) {
                String text = strip(textContent.text());
                if (!text.equals(textContent.text())) {
                    changed = true;
                    if (!text.isBlank()) {
                        contents.add(TextContent.from(text));
                    }
                    continue;
                }
            }
            contents.add(content);
        }
        if (!changed) {
            return user;
        }
        return contents.isEmpty() ? null : user.toBuilder().contents(contents).build();
    }
}
