package dev.memoria.springai.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.client.FactInput;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.RecallMode;
import dev.memoria.client.RecallQuery;
import dev.memoria.springai.MemoriaAutoConfiguration;
import dev.memoria.springai.MemoriaChatMemoryRepository;
import dev.memoria.springai.MemoriaMemoryAdvisor;
import dev.memoria.springai.MemoriaScopeResolver;
import dev.memoria.springai.MemoriaTokenSupplier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;

/**
 * A Spring Boot 4 application on Memoria, configured as a user configures it: {@code memoria.url} and
 * {@code memoria.token} (or a token supplier bean), the auto-configured advisor on a {@link ChatClient} next to
 * Spring AI's {@link MessageChatMemoryAdvisor} over the auto-configured {@link ChatMemoryRepository}. The chat model
 * is a stub that records its prompts.
 */
class SpringAiScenariosTest {

    /** Answers every prompt with a fixed line, and keeps the prompts. */
    static final class StubChatModel implements ChatModel {
        final List<Prompt> prompts = new ArrayList<>();

        @Override
        public ChatResponse call(Prompt prompt) {
            prompts.add(prompt);
            return new ChatResponse(List.of(new Generation(new AssistantMessage("Noted."))));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Application {
        @Bean
        StubChatModel chatModel() {
            return new StubChatModel();
        }
    }

    private final ApplicationContextRunner withoutResolver = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(MemoriaAutoConfiguration.class))
            .withUserConfiguration(Application.class)
            .withPropertyValues("memoria.url=" + Server.url(), "memoria.token=" + Server.token());

    /** The scenarios' conversation ids name their user's scope ({@code user:dana}): the resolver keeps them. */
    private final ApplicationContextRunner app =
            withoutResolver.withBean(MemoriaScopeResolver.class, () -> conversationId -> conversationId);

    static ChatClient chatClient(ChatModel model, MemoriaMemoryAdvisor memoria, ChatMemoryRepository windows) {
        ChatMemory chatMemory = MessageWindowChatMemory.builder()
                .chatMemoryRepository(windows)
                .maxMessages(20)
                .build();
        return ChatClient.builder(model)
                .defaultSystem("You are a helpful assistant.")
                .defaultAdvisors(
                        memoria, MessageChatMemoryAdvisor.builder(chatMemory).build())
                .build();
    }

    @Test
    void aChatClientIsPromptedWithRecalledFactsTeachesMemoriaAndARestartedAppKeepsTheWindow() {
        app.run(context -> {
            MemoriaClient memoria = context.getBean(MemoriaClient.class);
            memoria.remember(
                    "user:dana",
                    FactInput.builder("Dana is allergic to peanuts")
                            .category("health")
                            .persistent(true)
                            .build());
            memoria.remember("user:erin", "Erin is allergic to peanuts and shellfish");
            StubChatModel model = context.getBean(StubChatModel.class);
            assertInstanceOf(MemoriaChatMemoryRepository.class, context.getBean(ChatMemoryRepository.class));
            ChatClient chat = chatClient(
                    model, context.getBean(MemoriaMemoryAdvisor.class), context.getBean(ChatMemoryRepository.class));

            String answer = chat.prompt()
                    .user("Can I eat peanuts?")
                    .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "user:dana"))
                    .call()
                    .content();
            assertEquals("Noted.", answer);
            String system = model.prompts.get(0).getSystemMessage().getText();
            assertTrue(system.startsWith("You are a helpful assistant."), system);
            assertTrue(system.contains(MemoriaMemoryAdvisor.HEADER), system);
            assertTrue(
                    system.contains("- Dana is allergic to peanuts"), "the recalled fact is in the prompt: " + system);
            assertFalse(system.contains("Erin"), "only the conversation's scope is recalled: " + system);

            chat.prompt()
                    .user("I really hate working with async. By the way we deploy on Kubernetes.")
                    .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "user:dana"))
                    .call()
                    .content();
            assertTrue(
                    memoria
                            .recall("user:dana", RecallQuery.of("kubernetes").withMode(RecallMode.KEYWORD))
                            .items()
                            .stream()
                            .anyMatch(i -> i.fact().content().toLowerCase().contains("kubernetes")),
                    "the advisor handed the exchange to learn");
        });

        // a restarted application: a new context and client find the window where the last one left it
        app.run(context -> {
            ChatMemoryRepository windows = context.getBean(ChatMemoryRepository.class);
            List<Message> window = windows.findByConversationId("user:dana");
            assertEquals(
                    List.of(MessageType.USER, MessageType.ASSISTANT, MessageType.USER, MessageType.ASSISTANT),
                    window.stream().map(Message::getMessageType).toList());
            assertEquals("Can I eat peanuts?", window.get(0).getText());
            assertTrue(windows.findConversationIds().contains("user:dana"));

            StubChatModel model = context.getBean(StubChatModel.class);
            chatClient(model, context.getBean(MemoriaMemoryAdvisor.class), windows)
                    .prompt()
                    .user("Where were we?")
                    .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "user:dana"))
                    .call()
                    .content();
            List<Message> prompt = model.prompts.get(0).getInstructions();
            assertTrue(
                    prompt.stream().anyMatch(m -> "Can I eat peanuts?".equals(m.getText())),
                    () -> "the earlier turns are in the prompt: " + prompt);
            MemoriaClient client = context.getBean(MemoriaClient.class);
            assertTrue(
                    client.window("user:dana", "user:dana").isPresent(),
                    "the window is kept in the conversation's own scope, under the conversation id");
            assertTrue(
                    client.list("user:dana").items().stream()
                            .noneMatch(f -> f.content().contains("Can I eat peanuts?")),
                    "the window is no fact of the scope");

            windows.deleteByConversationId("user:dana");
            assertTrue(windows.findByConversationId("user:dana").isEmpty());
            assertFalse(windows.findConversationIds().contains("user:dana"));
        });
    }

    @Test
    void toolCallsAndResponsesRoundTripThroughTheWindow() {
        app.run(context -> {
            ChatMemoryRepository windows = context.getBean(ChatMemoryRepository.class);
            List<Message> messages = List.of(
                    new UserMessage("Weather in Lisbon?"),
                    AssistantMessage.builder()
                            .content("")
                            .toolCalls(List.of(new AssistantMessage.ToolCall(
                                    "call-1", "function", "weather", "{\"city\":\"Lisbon\"}")))
                            .build(),
                    ToolResponseMessage.builder()
                            .responses(
                                    List.of(new ToolResponseMessage.ToolResponse("call-1", "weather", "21 °C, sunny")))
                            .build(),
                    new AssistantMessage("21 °C and sunny."));
            windows.saveAll("tools-1", messages);
            List<Message> back = windows.findByConversationId("tools-1");
            assertEquals(4, back.size());
            assertEquals(
                    "{\"city\":\"Lisbon\"}",
                    ((AssistantMessage) back.get(1)).getToolCalls().get(0).arguments());
            assertEquals(
                    "21 °C, sunny",
                    ((ToolResponseMessage) back.get(2)).getResponses().get(0).responseData());
            assertEquals("21 °C and sunny.", back.get(3).getText());
        });
    }

    @Test
    void aTokenSupplierAndAScopeResolverBeanAreUsed() {
        AtomicInteger asked = new AtomicInteger();
        withoutResolver
                .withBean(MemoriaTokenSupplier.class, () -> () -> {
                    asked.incrementAndGet();
                    return Server.token();
                })
                .withPropertyValues("memoria.token=not-a-token")
                .withBean(MemoriaScopeResolver.class, () -> conversationId -> "user:" + conversationId)
                .run(context -> {
                    MemoriaClient memoria = context.getBean(MemoriaClient.class);
                    memoria.remember("user:frank", "Frank plays the cello");
                    assertTrue(asked.get() > 0, "the supplier gave the token, not memoria.token");
                    StubChatModel model = context.getBean(StubChatModel.class);
                    ChatClient.builder(model)
                            .defaultAdvisors(context.getBean(MemoriaMemoryAdvisor.class))
                            .build()
                            .prompt()
                            .user("Which instrument do I play? cello?")
                            .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "frank"))
                            .call()
                            .content();
                    assertTrue(model.prompts.get(0).getSystemMessage().getText().contains("Frank plays the cello"));
                });
    }

    @Test
    void withoutAUrlNothingIsConfigured() {
        new ApplicationContextRunner()
                // the scenarios' own environment has MEMORIA_URL, which binds to memoria.url
                .withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME))
                .withConfiguration(AutoConfigurations.of(MemoriaAutoConfiguration.class))
                .run(context ->
                        assertTrue(context.getBeansOfType(MemoriaClient.class).isEmpty()));
    }
}
