package dev.memoria.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.injector.DefaultContentInjector;
import dev.memoria.client.MemoryBlock;
import java.util.List;
import org.junit.jupiter.api.Test;

class InjectedMemoryTest {

    static final String LISBON = MemoryBlock.render(List.of("User lives in Lisbon"));

    @Test
    void whatTheDefaultInjectorAddsIsTakenOutWhole() {
        UserMessage original = UserMessage.from("Where do I live?");
        ChatMessage injected = new DefaultContentInjector()
                .inject(
                        List.of(
                                Content.from(LISBON),
                                Content.from(MemoryBlock.render(List.of("User likes </memory> trains")))),
                        original);
        assertEquals(original, InjectedMemory.strip(injected));
    }

    @Test
    void theRestOfAMessageIsKept() {
        UserMessage user = UserMessage.builder()
                .name("alice")
                .contents(List.of(
                        TextContent.from("What is in this picture?\n\n" + LISBON),
                        ImageContent.from("https://example.com/a.png")))
                .build();
        UserMessage stripped = (UserMessage) InjectedMemory.strip(user);
        assertEquals("alice", stripped.name());
        assertEquals(
                List.of(TextContent.from("What is in this picture?"), ImageContent.from("https://example.com/a.png")),
                stripped.contents());

        UserMessage plain = UserMessage.from("I moved to Porto, my <memory> is bad");
        assertSame(plain, InjectedMemory.strip(plain));
        AiMessage ai = AiMessage.from(LISBON);
        assertSame(ai, InjectedMemory.strip(ai), "the model's own words are its own");
    }

    @Test
    void aMessageOfMemoryOnlyIsLeftOut() {
        assertNull(InjectedMemory.strip(UserMessage.from(LISBON)));
        assertEquals(SystemMessage.from("Be brief."), InjectedMemory.strip(SystemMessage.from("Be brief.\n" + LISBON)));
        assertEquals(
                List.of(AiMessage.from("Hi")),
                InjectedMemory.strip(List.of(SystemMessage.from(LISBON), AiMessage.from("Hi"))));
    }
}
