package dev.memoria.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.memoria.client.Turn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoriaLearnerTest {

    @Test
    void messagesBecomeTurnsAndToolRequestsWithoutTextAreLeftOut() {
        ToolExecutionRequest call = ToolExecutionRequest.builder()
                .id("1")
                .name("weather")
                .arguments("{}")
                .build();
        List<Turn> turns = MemoriaLearner.turns(List.of(
                SystemMessage.from("Be brief."),
                UserMessage.from("I live in Lisbon"),
                AiMessage.from(call),
                ToolExecutionResultMessage.from(call, "21 °C"),
                AiMessage.from("It is 21 °C.")));
        assertEquals(
                List.of(
                        Turn.system("Be brief."),
                        Turn.user("I live in Lisbon"),
                        new Turn("tool", "21 °C"),
                        Turn.assistant("It is 21 °C.")),
                turns);
    }

    @Test
    void theLatestTurnsWithinTheServersBoundsAreKept() {
        List<dev.langchain4j.data.message.ChatMessage> many = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            many.add(UserMessage.from("turn " + i + " " + "x".repeat(500)));
        }
        List<Turn> turns = MemoriaLearner.turns(many);
        assertEquals(392, turns.size(), "turns of 509 characters: at most 200,000 in all");
        assertEquals(true, turns.get(turns.size() - 1).content().startsWith("turn 599 "));
    }
}
