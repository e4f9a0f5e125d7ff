package example;

import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import dev.memoria.client.MemoriaClient;
import dev.memoria.langchain4j.MemoriaChatMemoryStore;

/** Compiles only when memoria-langchain4j and, through it, memoria-client and langchain4j-core resolve. */
public final class Consumer {

    private Consumer() {}

    public static ChatMemoryStore store() {
        MemoriaClient client = MemoriaClient.builder()
                .baseUrl("http://localhost:9080")
                .token("t")
                .build();
        return new MemoriaChatMemoryStore(client, memoryId -> "user:" + memoryId);
    }
}
