package dev.memoria.springai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;

class WindowCodecTest {

    @Test
    void everyKindOfMessageComesBackAsItWas() {
        List<Message> window = List.of(
                new SystemMessage("Be brief."),
                new UserMessage("Weather in \"Lisbon\"?\n"),
                AssistantMessage.builder()
                        .content("")
                        .toolCalls(List.of(
                                new AssistantMessage.ToolCall("c1", "function", "weather", "{\"city\":\"Lisbon\"}")))
                        .build(),
                ToolResponseMessage.builder()
                        .responses(List.of(new ToolResponseMessage.ToolResponse("c1", "weather", "21 °C")))
                        .build(),
                new AssistantMessage("21 °C."));
        List<Message> back = WindowCodec.read(WindowCodec.write(window));
        assertEquals(5, back.size());
        assertInstanceOf(SystemMessage.class, back.get(0));
        assertEquals("Be brief.", back.get(0).getText());
        assertEquals("Weather in \"Lisbon\"?\n", back.get(1).getText());
        assertEquals(window.get(2), back.get(2));
        assertEquals(
                ((ToolResponseMessage) window.get(3)).getResponses(),
                ((ToolResponseMessage) back.get(3)).getResponses());
        assertEquals("21 °C.", back.get(4).getText());
    }
}
