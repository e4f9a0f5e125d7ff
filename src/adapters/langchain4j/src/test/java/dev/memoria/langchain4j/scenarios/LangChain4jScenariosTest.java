package dev.memoria.langchain4j.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.query.Metadata;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.memoria.client.FactInput;
import dev.memoria.client.Learned;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoryBlock;
import dev.memoria.client.RecallMode;
import dev.memoria.client.RecallQuery;
import dev.memoria.client.Window;
import dev.memoria.langchain4j.MemoriaChatMemoryStore;
import dev.memoria.langchain4j.MemoriaContentRetriever;
import dev.memoria.langchain4j.MemoriaLearner;
import dev.memoria.langchain4j.MemoriaMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A LangChain4j agent on Memoria, wired as an application wires it: an {@code AiServices} assistant with a
 * retrieval augmentor over {@link MemoriaContentRetriever}, chat memories kept by {@link MemoriaChatMemoryStore},
 * and {@link MemoriaLearner} at the end of the session. The chat model is a stub that records its prompts.
 */
class LangChain4jScenariosTest {

    interface Assistant {
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

        String lastUserText() {
            List<ChatMessage> last = prompts.get(prompts.size() - 1);
            return ((UserMessage) last.get(last.size() - 1)).singleText();
        }
    }

    private static final Function<Object, String> USER_SCOPE = memoryId -> "user:" + memoryId;

    static Assistant assistant(MemoriaClient memoria, ChatModel model) {
        MemoriaContentRetriever memory = MemoriaContentRetriever.builder(memoria)
                .scope(USER_SCOPE)
                .maxResults(3)
                .build();
        MemoriaChatMemoryStore windows = new MemoriaChatMemoryStore(memoria, USER_SCOPE);
        return AiServices.builder(Assistant.class)
                .chatModel(model)
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder()
                        .contentRetriever(memory)
                        .build())
                .chatMemoryProvider(memoryId -> MessageWindowChatMemory.builder()
                        .id(memoryId)
                        .maxMessages(20)
                        .chatMemoryStore(windows)
                        .build())
                .build();
    }

    @Test
    void anAgentIsPromptedWithWhatMemoriaRecallsAndARestartedOneGoesOnWhereItWas() {
        MemoriaClient memoria = Server.client();
        memoria.remember(
                "user:alice",
                FactInput.builder("Alice's dog is called Biscuit")
                        .category("pets")
                        .persistent(true)
                        .build());
        memoria.remember("user:bob", "Bob's dog is called Rex");

        StubModel model = new StubModel();
        Assistant assistant = assistant(memoria, model);
        assertEquals("Noted.", assistant.chat("alice", "What is my dog called?"));
        String prompt = model.lastUserText();
        assertTrue(prompt.contains("What is my dog called?"), prompt);
        assertTrue(prompt.contains("Alice's dog is called Biscuit"), "the recalled fact is in the prompt: " + prompt);
        assertFalse(prompt.contains("Rex"), "only the conversation's own scope is recalled: " + prompt);

        assistant.chat("alice", "I really hate working with async. By the way we deploy on Kubernetes.");

        // a new process: a new client, store and agent find the window where the last one left it
        MemoriaClient restarted = Server.client();
        StubModel model2 = new StubModel();
        assistant(restarted, model2).chat("alice", "Where were we?");
        List<ChatMessage> window = model2.prompts.get(0);
        assertTrue(
                window.stream()
                        .anyMatch(m ->
                                m instanceof UserMessage u && u.singleText().contains("What is my dog called?")),
                () -> "the earlier turns are in the prompt: " + window);
        assertEquals(5, window.size(), () -> "four earlier messages, then the new one: " + window);
        assertEquals(
                List.of("alice"),
                restarted.windows("user:alice", null, null).items().stream()
                        .map(Window::id)
                        .toList(),
                "the window is kept in the user's own scope, under the memory id");
        assertEquals(
                1,
                restarted.stats("user:alice").totalFacts(),
                "the window adds no fact to the scope: only the one remembered above is there");

        // the session ends: what it taught is learned into the user's long-term scope
        MemoriaChatMemoryStore store = new MemoriaChatMemoryStore(restarted, USER_SCOPE);
        Learned learned = new MemoriaLearner(restarted, USER_SCOPE).learn("alice", store.getMessages("alice"));
        assertFalse(learned.added().isEmpty(), learned::toString);
        assertTrue(
                restarted
                        .recall("user:alice", RecallQuery.of("kubernetes").withMode(RecallMode.KEYWORD))
                        .items()
                        .stream()
                        .anyMatch(i -> i.fact().content().toLowerCase().contains("kubernetes")),
                "the learned fact is recalled");

        store.deleteMessages("alice");
        assertTrue(store.getMessages("alice").isEmpty());
    }

    @Test
    void aFactRecalledOnceThenReplacedComesBackNeitherFromTheWindowNorThroughLearn() {
        MemoriaClient memoria = Server.client();
        memoria.save("user:dana", "home city", FactInput.of("User lives in Lisbon"));
        MemoriaMemory memory =
                MemoriaMemory.builder(memoria).scope(USER_SCOPE).maxResults(3).build();
        StubModel model = new StubModel();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .retrievalAugmentor(memory.retrievalAugmentor())
                .storeRetrievedContentInChatMemory(false)
                .chatMemoryProvider(memoryId -> MessageWindowChatMemory.builder()
                        .id(memoryId)
                        .maxMessages(20)
                        .chatMemoryStore(memory.chatMemoryStore())
                        .build())
                .build();

        assistant.chat("dana", "Tell me where the user lives.");
        assertTrue(model.lastUserText().contains("User lives in Lisbon"), model::lastUserText);

        // the user moved: the fact is replaced on the server
        memoria.save("user:dana", "home city", FactInput.of("User lives in Porto"));
        assistant.chat("dana", "Book a table near where the user lives.");
        List<ChatMessage> prompt = model.prompts.get(1);
        assertFalse(prompt.toString().contains("Lisbon"), () -> "the replaced fact is not sent again: " + prompt);
        String window = memoria.window("user:dana", "dana").orElseThrow().content();
        assertFalse(window.contains("Lisbon") || window.contains("<memory>"), window);
        assertTrue(window.contains("Tell me where the user lives."), window);

        Learned learned = memory.learn("dana");
        assertFalse(learned.toString().contains("Lisbon"), learned::toString);
        assertTrue(
                memoria.list("user:dana").items().stream()
                        .noneMatch(f -> f.content().contains("Lisbon")),
                "nothing recalled was learned back");
    }

    @Test
    void retrievedContentCarriesTheFactsFields() {
        MemoriaClient memoria = Server.client();
        String id = memoria.remember(
                        "user:carol",
                        FactInput.builder("Carol prefers window seats")
                                .category("travel")
                                .key("seat")
                                .build())
                .fact()
                .id();
        MemoriaContentRetriever retriever =
                MemoriaContentRetriever.builder(memoria).scope(USER_SCOPE).build();
        List<Content> contents = retriever.retrieve(
                Query.from("window seats", Metadata.from(UserMessage.from("window seats"), "carol", List.of())));
        assertEquals(1, contents.size(), contents::toString);
        Content content = contents.get(0);
        assertEquals(
                MemoryBlock.render(List.of("Carol prefers window seats")),
                content.textSegment().text());
        assertEquals(id, content.textSegment().metadata().getString("fact_id"));
        assertEquals("user:carol", content.textSegment().metadata().getString("scope"));
        assertEquals("travel", content.textSegment().metadata().getString("category"));
        assertEquals("seat", content.textSegment().metadata().getString("key"));
        assertTrue(((Number) content.metadata().get(ContentMetadata.SCORE)).doubleValue() > 0);
    }
}
