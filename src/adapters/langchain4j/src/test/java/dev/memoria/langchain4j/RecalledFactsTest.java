package dev.memoria.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.SystemMessage;
import dev.memoria.client.MemoriaClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A fact recalled in one turn is data for that turn only: once it is superseded it must not come back from the chat
 * window (what the model is sent and what is stored), and it is never learned as if the user had said it.
 */
class RecalledFactsTest {

    interface Assistant {
        String chat(@MemoryId String user, @dev.langchain4j.service.UserMessage String message);
    }

    interface BriefAssistant {
        @SystemMessage("Be brief.")
        String chat(@MemoryId String user, @dev.langchain4j.service.UserMessage String message);
    }

    /** Answers every prompt with a fixed line, and keeps the prompts. */
    static final class StubModel implements ChatModel {
        final List<List<ChatMessage>> prompts = new ArrayList<>();

        @Override
        public ChatResponse doChat(ChatRequest request) {
            prompts.add(List.copyOf(request.messages()));
            return ChatResponse.builder().aiMessage(AiMessage.from("Noted.")).build();
        }

        List<ChatMessage> last() {
            return prompts.get(prompts.size() - 1);
        }
    }

    static final Function<Object, String> USER_SCOPE = memoryId -> "user:" + memoryId;
    static final String TURN_1 = "Which city should I fly home to?";
    static final String TURN_2 = "And what is the weather like there?";

    FakeMemoria server;
    MemoriaClient client;
    StubModel model;

    @BeforeEach
    void start() throws IOException {
        server = new FakeMemoria();
        client = server.client();
        model = new StubModel();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Turn 1 recalls Lisbon, the fact is superseded by Porto, then turn 2: what the model and the store see of it. */
    void twoTurnsAcrossASupersession(BiFunction<String, String, String> assistant) {
        String lisbon = server.fact("user:alice", "User lives in Lisbon");
        assistant.apply("alice", TURN_1);
        String prompt1 = text(model.last().get(model.last().size() - 1));
        assertTrue(prompt1.contains(TURN_1) && prompt1.contains("User lives in Lisbon"), prompt1);

        server.retire("user:alice", lisbon);
        server.fact("user:alice", "User lives in Porto");
        assistant.apply("alice", TURN_2);

        List<ChatMessage> prompt2 = model.last();
        for (ChatMessage message : prompt2) {
            assertFalse(text(message).contains("Lisbon"), () -> "the superseded fact is back in turn 2: " + prompt2);
        }
        assertTrue(
                text(prompt2.get(prompt2.size() - 1)).contains("User lives in Porto"),
                () -> "turn 2 is told what is current: " + prompt2);
        assertEquals(
                TURN_1,
                text(prompt2.stream()
                        .filter(UserMessage.class::isInstance)
                        .findFirst()
                        .orElseThrow()),
                () -> "turn 1 is in the window as the user said it: " + prompt2);

        String stored = server.window("user:alice", "alice");
        assertFalse(stored.contains("Lisbon"), stored);
        assertFalse(stored.contains("Porto"), "no recalled fact is stored, the current one neither: " + stored);
        assertFalse(stored.contains("<memory>"), stored);
        assertTrue(stored.contains(TURN_1) && stored.contains(TURN_2), stored);
    }

    /** What the last learn request was sent, as role: content lines. */
    List<String> learnedTurns() {
        assertEquals(1, server.learned.size(), "one learn request");
        List<String> turns = new ArrayList<>();
        for (JsonNode turn : server.learned.get(0)) {
            turns.add(turn.get("role").asText() + ": " + turn.get("content").asText());
        }
        return turns;
    }

    @Test
    void theDocumentedWiringKeepsASupersededFactOutOfLaterTurnsAndOutOfLearn() {
        MemoriaChatMemoryStore windows = new MemoriaChatMemoryStore(client, USER_SCOPE);
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder()
                        .contentRetriever(MemoriaContentRetriever.builder(client)
                                .scope(USER_SCOPE)
                                .build())
                        .build())
                .chatMemoryProvider(memoryId -> MessageWindowChatMemory.builder()
                        .id(memoryId)
                        .maxMessages(20)
                        .chatMemoryStore(windows)
                        .build())
                .build();

        twoTurnsAcrossASupersession(assistant::chat);

        new MemoriaLearner(client, USER_SCOPE).learn("alice", windows.getMessages("alice"));
        assertEquals(
                List.of("user: " + TURN_1, "assistant: Noted.", "user: " + TURN_2, "assistant: Noted."),
                learnedTurns());
    }

    @Test
    void theOneEntryPointRecallsForOneTurnKeepsTheUsersWordsAndLearnsTheConversationOnly() {
        MemoriaMemory memory = MemoriaMemory.builder(client).scope(USER_SCOPE).build();
        BriefAssistant assistant = AiServices.builder(BriefAssistant.class)
                .chatModel(model)
                .retrievalAugmentor(memory.retrievalAugmentor())
                .storeRetrievedContentInChatMemory(false)
                .chatMemoryProvider(memoryId -> MessageWindowChatMemory.builder()
                        .id(memoryId)
                        .maxMessages(20)
                        .chatMemoryStore(memory.chatMemoryStore())
                        .build())
                .build();

        twoTurnsAcrossASupersession(assistant::chat);

        assertTrue(server.window("user:alice", "alice").contains("Be brief."), "the system prompt is in the window");
        memory.learn("alice");
        assertEquals(
                List.of("user: " + TURN_1, "assistant: Noted.", "user: " + TURN_2, "assistant: Noted."),
                learnedTurns(),
                "the user's words and the replies: no recalled fact, no system prompt");
    }

    @Test
    void theStoreKeepsTheWindowCleanWhenAiServicesStoreTheRetrievedContent() {
        MemoriaMemory memory = MemoriaMemory.builder(client).scope(USER_SCOPE).build();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .retrievalAugmentor(memory.retrievalAugmentor())
                .chatMemoryProvider(memoryId -> MessageWindowChatMemory.builder()
                        .id(memoryId)
                        .maxMessages(20)
                        .chatMemoryStore(memory.chatMemoryStore())
                        .build())
                .build();

        twoTurnsAcrossASupersession(assistant::chat);

        memory.learner().learn("alice", memory.chatMemoryStore().getMessages("alice"));
        assertEquals(
                List.of("user: " + TURN_1, "assistant: Noted.", "user: " + TURN_2, "assistant: Noted."),
                learnedTurns());
    }

    @Test
    void aWindowSavedWithRecalledFactsIsReadWithoutThemAndTheLearnerNeverSendsThem() {
        // a window an earlier version saved: the augmented message as AiServices stored it
        UserMessage augmented = UserMessage.from(TURN_1 + "\n\nAnswer using the following information:\n"
                + dev.memoria.client.MemoryBlock.render(List.of("User lives in Lisbon")) + "\n\n"
                + dev.memoria.client.MemoryBlock.render(List.of("User likes trains")));
        List<ChatMessage> polluted = List.of(augmented, AiMessage.from("Noted."));
        server.windows.put(
                "user:alice/alice", dev.langchain4j.data.message.ChatMessageSerializer.messagesToJson(polluted));

        MemoriaMemory memory = MemoriaMemory.builder(client).scope(USER_SCOPE).build();
        assertEquals(
                List.of(UserMessage.from(TURN_1), AiMessage.from("Noted.")),
                memory.chatMemoryStore().getMessages("alice"));

        // a learner handed the augmented messages themselves (a ChatMemory kept elsewhere) strips them too
        new MemoriaLearner(client, USER_SCOPE).learn("alice", polluted);
        assertEquals(List.of("user: " + TURN_1, "assistant: Noted."), learnedTurns());
    }

    static String text(ChatMessage message) {
        if (message instanceof UserMessage user) {
            return user.hasSingleText() ? user.singleText() : user.contents().toString();
        }
        if (message instanceof AiMessage ai) {
            return String.valueOf(ai.text());
        }
        return message.toString();
    }
}
