package dev.memoria.springai;

import dev.memoria.client.MemoriaClient;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * With {@code memoria.url} set: a {@link MemoriaClient} (token from a {@link MemoriaTokenSupplier} bean, else
 * {@code memoria.token}), a {@link MemoriaMemoryAdvisor} to add to a {@code ChatClient}, and a
 * {@link MemoriaChatMemoryRepository} as the
 * {@link ChatMemoryRepository} (windows in the resolver's scope, or under {@code memoria.chat-memory.scope-prefix}),
 * ahead of Spring AI's in-memory default. Every bean backs off when the application declares its own. The
 * application declares the {@link MemoriaScopeResolver} (whose memory a conversation is): without one it does not
 * start.
 */
@AutoConfiguration(beforeName = "org.springframework.ai.model.chat.memory.autoconfigure.ChatMemoryAutoConfiguration")
@ConditionalOnProperty(prefix = "memoria", name = "url")
@EnableConfigurationProperties(MemoriaProperties.class)
public class MemoriaAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public MemoriaClient memoriaClient(MemoriaProperties properties, ObjectProvider<MemoriaTokenSupplier> tokens) {
        MemoriaTokenSupplier supplier = tokens.getIfAvailable();
        MemoriaClient.Builder builder = MemoriaClient.builder()
                .baseUrl(properties.getUrl())
                .connectTimeout(properties.getConnectTimeout())
                .requestTimeout(properties.getRequestTimeout())
                .maxRetries(properties.getMaxRetries());
        if (supplier != null) {
            builder.token(supplier);
        } else if (properties.getToken() != null && !properties.getToken().isBlank()) {
            builder.token(properties.getToken());
        } else {
            throw new IllegalStateException(
                    "memoria.url is set but there is no token: set memoria.token or declare a MemoriaTokenSupplier bean");
        }
        return builder.build();
    }

    static final String NO_RESOLVER = "memoria.url is set but there is no MemoriaScopeResolver bean: declare one that"
            + " maps a conversation id to the scope of the user the conversation is with, such as"
            + " conversationId -> \"user:\" + currentUser().getId(). Memoria keeps each user's memory in the user's"
            + " own scope; a conversation id is not a scope.";

    @Bean
    @ConditionalOnMissingBean
    public MemoriaMemoryAdvisor memoriaMemoryAdvisor(
            MemoriaClient client, ObjectProvider<MemoriaScopeResolver> scopes, MemoriaProperties properties) {
        return MemoriaMemoryAdvisor.builder(client)
                .scopeResolver(required(scopes))
                .recallLimit(properties.getAdvisor().getRecallLimit())
                .learn(properties.getAdvisor().isLearn())
                .build();
    }

    @Bean
    @ConditionalOnMissingBean(ChatMemoryRepository.class)
    public MemoriaChatMemoryRepository memoriaChatMemoryRepository(
            MemoriaClient client, ObjectProvider<MemoriaScopeResolver> scopes, MemoriaProperties properties) {
        String prefix = properties.getChatMemory().getScopePrefix();
        return prefix == null || prefix.isBlank()
                ? new MemoriaChatMemoryRepository(client, required(scopes))
                : new MemoriaChatMemoryRepository(client, prefix);
    }

    private static MemoriaScopeResolver required(ObjectProvider<MemoriaScopeResolver> scopes) {
        MemoriaScopeResolver resolver = scopes.getIfAvailable();
        if (resolver == null) {
            throw new IllegalStateException(NO_RESOLVER);
        }
        return resolver;
    }
}
