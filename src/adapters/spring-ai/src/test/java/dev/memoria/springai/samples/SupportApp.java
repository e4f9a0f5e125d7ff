package dev.memoria.springai.samples;

import dev.memoria.client.FactInput;
import dev.memoria.client.MemoriaClient;
import dev.memoria.springai.MemoriaMemoryAdvisor;
import dev.memoria.springai.MemoriaScopeResolver;
import java.util.List;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot 4 app whose ChatClient remembers its users across sessions (src/site/markdown/java.md). Memoria is
 * configured by MEMORIA_URL and MEMORIA_TOKEN (memoria.url, memoria.token).
 */
@SpringBootApplication
public class SupportApp {

    /** A stand-in for the OpenAI, Anthropic or Ollama starter's ChatModel: prints what the model is asked. */
    @Bean
    ChatModel chatModel() {
        return new ChatModel() {
            @Override
            public ChatResponse call(Prompt prompt) {
                System.out.println("--- the model is asked:\n" + prompt.getInstructions());
                return new ChatResponse(List.of(new Generation(new AssistantMessage("Sure, no peanuts then."))));
            }
        };
    }

    /**
     * Whose memory a conversation is. Here conversation ids are "<user id>/<chat>", so every chat of user 42 recalls
     * from and learns into user:42; a web app would take the signed-in user instead.
     */
    @Bean
    MemoriaScopeResolver memoriaScopes() {
        return conversationId -> {
            int slash = conversationId.indexOf('/');
            if (slash < 1) {
                throw new IllegalArgumentException("not <user id>/<chat>: " + conversationId);
            }
            return "user:" + conversationId.substring(0, slash);
        };
    }

    @Bean
    ChatClient chatClient(ChatModel model, MemoriaMemoryAdvisor memoria, ChatMemoryRepository windows) {
        ChatMemory window = MessageWindowChatMemory.builder()
                .chatMemoryRepository(windows) // Memoria's, auto-configured
                .maxMessages(20)
                .build();
        return ChatClient.builder(model)
                .defaultSystem("You are a friendly cooking assistant.")
                .defaultAdvisors(
                        memoria, MessageChatMemoryAdvisor.builder(window).build())
                .build();
    }

    public static void main(String[] args) {
        try (ConfigurableApplicationContext app = SpringApplication.run(SupportApp.class, args)) {
            app.getBean(MemoriaClient.class)
                    .remember(
                            "user:42",
                            FactInput.builder("Is allergic to peanuts")
                                    .category("health")
                                    .persistent(true)
                                    .build());
            ChatClient chat = app.getBean(ChatClient.class);
            for (String question : List.of("Suggest a snack with peanuts?", "By the way we deploy on Kubernetes.")) {
                System.out.println(chat.prompt()
                        .user(question)
                        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "42/cooking"))
                        .call()
                        .content());
            }
        }
    }
}
