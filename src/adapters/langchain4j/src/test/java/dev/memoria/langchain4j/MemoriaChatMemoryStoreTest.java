package dev.memoria.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageDeserializer;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two writers of one conversation (two nodes, each with its own store) keep every turn. */
class MemoriaChatMemoryStoreTest {

    @Test
    void twoStoresWhoseReadsAndUpdatesInterleaveKeepEveryTurn() throws Exception {
        try (FakeMemoria server = new FakeMemoria()) {
            MemoriaChatMemoryStore a = new MemoriaChatMemoryStore(server.client(), id -> "user:" + id);
            MemoriaChatMemoryStore b = new MemoriaChatMemoryStore(server.client(), id -> "user:" + id);
            for (int i = 0; i < 5; i++) {
                List<ChatMessage> readByA = a.getMessages("42");
                List<ChatMessage> readByB = b.getMessages("42");
                readByA.add(UserMessage.from("a" + i));
                readByB.add(UserMessage.from("b" + i));
                a.updateMessages("42", readByA);
                b.updateMessages("42", readByB); // read before A saved: 412, then merged
            }
            List<String> stored = texts(ChatMessageDeserializer.messagesFromJson(server.window("user:42", "42")));
            assertEquals(List.of("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"), stored, "10 of 10");
            assertEquals(5, server.preconditionsFailed);
        }
    }

    @Test
    void twoChatMemoriesOnThreadsKeepEveryTurn() throws Exception {
        try (FakeMemoria server = new FakeMemoria()) {
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (String writer : List.of("a", "b")) {
                ChatMemory memory = MessageWindowChatMemory.builder()
                        .id("42")
                        .maxMessages(100)
                        .chatMemoryStore(new MemoriaChatMemoryStore(server.client(), id -> "user:" + id))
                        .build();
                Thread thread = new Thread(() -> {
                    for (int i = 0; i < 5; i++) {
                        memory.add(UserMessage.from(writer + "-question-" + i));
                        memory.add(AiMessage.from(writer + "-answer-" + i));
                    }
                });
                thread.setUncaughtExceptionHandler((t, e) -> failures.add(e));
                threads.add(thread);
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(List.of(), failures);
            List<String> stored = texts(ChatMessageDeserializer.messagesFromJson(server.window("user:42", "42")));
            assertEquals(20, stored.size(), () -> "20 of 20: " + stored);
            for (String writer : List.of("a", "b")) {
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    expected.add(writer + "-question-" + i);
                    expected.add(writer + "-answer-" + i);
                }
                assertEquals(
                        expected,
                        stored.stream().filter(m -> m.startsWith(writer)).toList());
            }
        }
    }

    private static List<String> texts(List<ChatMessage> messages) {
        return messages.stream()
                .map(m -> m instanceof UserMessage u ? u.singleText() : ((AiMessage) m).text())
                .toList();
    }
}
