package dev.memoria.springai;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import tools.jackson.databind.json.JsonMapper;

/**
 * A window of Spring AI messages as JSON, with Jackson 3 (which Spring AI 2 brings): each message's type and text,
 * an assistant's tool calls and a tool message's responses. Media and metadata are not kept, as with Spring AI's
 * JDBC repository.
 */
final class WindowCodec {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private WindowCodec() {}

    static String write(List<Message> messages) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Message message : messages) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", message.getMessageType().name());
            m.put("text", message.getText());
            if (message instanceof AssistantMessage assistant && assistant.hasToolCalls()) {
                m.put(
                        "tool_calls",
                        assistant.getToolCalls().stream()
                                .map(c -> List.of(nn(c.id()), nn(c.type()), nn(c.name()), nn(c.arguments())))
                                .toList());
            }
            if (message instanceof ToolResponseMessage tool) {
                m.put(
                        "responses",
                        tool.getResponses().stream()
                                .map(r -> List.of(nn(r.id()), nn(r.name()), nn(r.responseData())))
                                .toList());
            }
            out.add(m);
        }
        return JSON.writeValueAsString(out);
    }

    /** One message as the window keeps it: what tells two messages apart, their metadata aside. */
    static String key(Message message) {
        return write(List.of(message));
    }

    @SuppressWarnings("unchecked")
    static List<Message> read(String json) {
        List<Message> messages = new ArrayList<>();
        for (Map<String, Object> m : (List<Map<String, Object>>) JSON.readValue(json, List.class)) {
            String text = (String) m.get("text");
            switch ((String) m.get("type")) {
                case "USER" -> messages.add(new UserMessage(text == null ? "" : text));
                case "SYSTEM" -> messages.add(new SystemMessage(text == null ? "" : text));
                case "ASSISTANT" -> {
                    List<AssistantMessage.ToolCall> calls = new ArrayList<>();
                    for (List<String> c : (List<List<String>>) m.getOrDefault("tool_calls", List.of())) {
                        calls.add(new AssistantMessage.ToolCall(c.get(0), c.get(1), c.get(2), c.get(3)));
                    }
                    messages.add(AssistantMessage.builder()
                            .content(text)
                            .toolCalls(calls)
                            .build());
                }
                case "TOOL" -> {
                    List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
                    for (List<String> r : (List<List<String>>) m.getOrDefault("responses", List.of())) {
                        responses.add(new ToolResponseMessage.ToolResponse(r.get(0), r.get(1), r.get(2)));
                    }
                    messages.add(
                            ToolResponseMessage.builder().responses(responses).build());
                }
                default -> {
                    // a type this version does not know is left out
                }
            }
        }
        return messages;
    }

    private static String nn(String s) {
        return s == null ? "" : s;
    }
}
