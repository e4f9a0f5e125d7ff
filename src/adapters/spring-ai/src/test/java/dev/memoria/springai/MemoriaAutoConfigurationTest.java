package dev.memoria.springai;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** What the auto-configuration asks of an application, without a server. */
class MemoriaAutoConfigurationTest {

    private final ApplicationContextRunner app = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(MemoriaAutoConfiguration.class))
            .withPropertyValues("memoria.url=http://127.0.0.1:1", "memoria.token=t");

    @Test
    void withoutAScopeResolverTheApplicationDoesNotStartAndSaysWhatToDeclare() {
        app.run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("MemoriaScopeResolver")
                    .hasMessageContaining("user");
        });
    }

    @Test
    void withAScopeResolverTheAdvisorAndTheRepositoryAreThere() {
        app.withBean(MemoriaScopeResolver.class, () -> conversationId -> "user:" + conversationId)
                .run(context -> {
                    assertThat(context).hasSingleBean(MemoriaMemoryAdvisor.class);
                    assertThat(context.getBean(ChatMemoryRepository.class))
                            .isInstanceOf(MemoriaChatMemoryRepository.class);
                });
    }
}
