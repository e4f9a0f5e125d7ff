package dev.memoria.langchain4j.samples;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.memoria.client.FactInput;
import dev.memoria.client.MemoriaClient;
import dev.memoria.langchain4j.MemoriaMemory;

/** A support agent that remembers its users across sessions (src/site/markdown/java.md). */
public class SupportAgent {

    interface Assistant {
        String chat(@MemoryId String userId, @UserMessage String message);
    }

    public static void main(String[] args) {
        MemoriaClient memoria = MemoriaClient.builder()
                .baseUrl(System.getenv().getOrDefault("MEMORIA_URL", "http://localhost:9080"))
                .token(() -> System.getenv("MEMORIA_TOKEN")) // asked before every request: renew it here
                .build();

        // A stand-in for OpenAiChatModel, OllamaChatModel, ...: prints what the model is asked.
        ChatModel model = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                System.out.println("--- the model is asked:\n" + request.messages());
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from("Claro! Vou responder em português."))
                        .build();
            }
        };

        // Recall, the chat window and learning, for one mapping of the memory id to the user's scope
        MemoriaMemory memory = MemoriaMemory.builder(memoria)
                .scope(userId -> "user:" + userId) // long-term facts of this user
                .maxResults(5)
                .build();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .retrievalAugmentor(memory.retrievalAugmentor())
                .storeRetrievedContentInChatMemory(false) // recalled facts are for this turn, not the window
                .chatMemoryProvider(userId -> MessageWindowChatMemory.builder()
                        .id(userId)
                        .maxMessages(20)
                        .chatMemoryStore(memory.chatMemoryStore()) // the window survives a restart
                        .build())
                .build();

        memoria.remember(
                "user:42",
                FactInput.builder("Prefers answers in Portuguese")
                        .category("preferences")
                        .persistent(true)
                        .build());
        System.out.println(assistant.chat("42", "Which language do I like my answers in?"));
        System.out.println(assistant.chat("42", "By the way we deploy on Kubernetes."));
        System.out.println("window: " + memory.chatMemoryStore().getMessages("42"));

        // The session is over: what the user said becomes long-term facts.
        System.out.println("learned: " + memory.learn("42").added());
    }
}
