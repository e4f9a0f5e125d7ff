package dev.memoria.learn.control;

import dev.memoria.platform.control.Jsons;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

/**
 * Calls the configured LLM providers. URLs, models and keys come only from configuration (MEMORIA_LLM_*).
 * Each provider method has its own retry (rate limits and outages, after a jittered pause), circuit
 * breaker (stop calling a provider that keeps failing) and bulkhead (at most 8 calls in flight).
 */
@ApplicationScoped
@Bulkhead(8)
@Retry(maxRetries = 2, delay = 500, jitter = 250, retryOn = LlmCallFailed.Unavailable.class)
@CircuitBreaker(
        requestVolumeThreshold = 10,
        failureRatio = 0.5,
        delay = 30_000,
        successThreshold = 2,
        failOn = {LlmCallFailed.Unavailable.class, LlmCallFailed.TimedOut.class})
public class LlmGateway {

    private static final int MAX_ANSWER_TOKENS = 1024;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai.url", defaultValue = "https://api.openai.com/v1")
    String openAiUrl;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai.key")
    Optional<String> openAiKey;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai.model", defaultValue = "gpt-4o-mini")
    String openAiModel;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai-compat.url")
    Optional<String> compatUrl;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai-compat.key")
    Optional<String> compatKey;

    @Inject
    @ConfigProperty(name = "memoria.llm.openai-compat.model", defaultValue = "default")
    String compatModel;

    @Inject
    @ConfigProperty(name = "memoria.llm.anthropic.url", defaultValue = "https://api.anthropic.com")
    String anthropicUrl;

    @Inject
    @ConfigProperty(name = "memoria.llm.anthropic.key")
    Optional<String> anthropicKey;

    @Inject
    @ConfigProperty(name = "memoria.llm.anthropic.model", defaultValue = "claude-sonnet-4-5")
    String anthropicModel;

    @Inject
    @ConfigProperty(name = "memoria.llm.connect.timeout.ms", defaultValue = "5000")
    long connectTimeoutMs;

    @Inject
    @ConfigProperty(name = "memoria.llm.read.timeout.ms", defaultValue = "60000")
    long readTimeoutMs;

    private ChatCompletionsApi openAiClient;
    private ChatCompletionsApi compatClient;
    private AnthropicMessagesApi anthropicClient;

    /** One client per provider for the life of the application: building one per call would leak connections. */
    @PostConstruct
    void buildClients() {
        openAiClient = client(openAiUrl, ChatCompletionsApi.class);
        compatClient = compatUrl
                .filter(url -> !url.isBlank())
                .map(url -> client(url, ChatCompletionsApi.class))
                .orElse(null);
        anthropicClient = client(anthropicUrl, AnthropicMessagesApi.class);
    }

    @PreDestroy
    void closeClients() {
        for (Object client : new Object[] {openAiClient, compatClient, anthropicClient}) {
            if (client instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception ignored) {
                    // shutting down: nothing left to do with it
                }
            }
        }
    }

    /** Why a provider cannot be used on this server, or empty when it is configured. */
    public Optional<String> unconfigured(LlmProvider provider) {
        return switch (provider) {
            case RULES -> Optional.empty();
            case OPENAI -> blank(openAiKey) ? Optional.of("set MEMORIA_LLM_OPENAI_KEY") : Optional.empty();
            case OPENAI_COMPAT ->
                blank(compatUrl) ? Optional.of("set MEMORIA_LLM_OPENAI_COMPAT_URL") : Optional.empty();
            case ANTHROPIC -> blank(anthropicKey) ? Optional.of("set MEMORIA_LLM_ANTHROPIC_KEY") : Optional.empty();
        };
    }

    public String openAi(String system, String user) {
        return chatCompletion(openAiClient, openAiKey, openAiModel, system, user);
    }

    public String openAiCompat(String system, String user) {
        return chatCompletion(compatClient, compatKey, compatModel, system, user);
    }

    public String anthropic(String system, String user) {
        JsonObject request = Jsons.createObjectBuilder()
                .add("model", anthropicModel)
                .add("max_tokens", MAX_ANSWER_TOKENS)
                .add("temperature", 0)
                .add("system", system)
                .add("messages", Jsons.createArrayBuilder().add(message("user", user)))
                .build();
        JsonObject answer =
                send(() -> anthropicClient.create(anthropicKey.orElseThrow(), AnthropicMessagesApi.VERSION, request));
        StringBuilder text = new StringBuilder();
        if (answer.get("content") instanceof JsonArray blocks) {
            for (JsonValue block : blocks) {
                if (block instanceof JsonObject b
                        && "text".equals(b.getString("type", ""))
                        && b.get("text") instanceof JsonString t) {
                    text.append(t.getString());
                }
            }
        }
        return text.toString();
    }

    private String chatCompletion(
            ChatCompletionsApi api, Optional<String> key, String model, String system, String user) {
        JsonObject request = Jsons.createObjectBuilder()
                .add("model", model)
                .add("temperature", 0)
                .add("response_format", Jsons.createObjectBuilder().add("type", "json_object"))
                .add(
                        "messages",
                        Jsons.createArrayBuilder()
                                .add(message("system", system))
                                .add(message("user", user)))
                .build();
        JsonObject answer = send(() -> api.complete(key.map(k -> "Bearer " + k).orElse(null), request));
        try {
            return answer.getJsonArray("choices")
                    .getJsonObject(0)
                    .getJsonObject("message")
                    .getString("content");
        } catch (RuntimeException missing) {
            return ""; // read as a malformed answer by the caller
        }
    }

    private <T> T client(String url, Class<T> api) {
        return RestClientBuilder.newBuilder()
                .baseUri(URI.create(url.endsWith("/") ? url : url + "/"))
                .connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                .readTimeout(readTimeoutMs, TimeUnit.MILLISECONDS)
                .build(api);
    }

    /** Runs a provider call and sorts its failures into retry, timeout and refusal. */
    private static JsonObject send(java.util.function.Supplier<JsonObject> call) {
        try {
            return call.get();
        } catch (WebApplicationException http) {
            int status = http.getResponse().getStatus();
            if (status == 429 || status >= 500) {
                throw new LlmCallFailed.Unavailable("the provider answered HTTP " + status, http);
            }
            throw new LlmCallFailed.Refused("the provider refused the request with HTTP " + status, http);
        } catch (ProcessingException io) {
            if (isTimeout(io)) {
                throw new LlmCallFailed.TimedOut("the provider did not answer in time", io);
            }
            throw new LlmCallFailed.Unavailable("the provider could not be reached", io);
        }
    }

    private static boolean isTimeout(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof InterruptedIOException
                    || cause instanceof HttpTimeoutException
                    || cause.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
        }
        return false;
    }

    private static JsonObject message(String role, String content) {
        return Jsons.createObjectBuilder()
                .add("role", role)
                .add("content", content)
                .build();
    }

    private static boolean blank(Optional<String> value) {
        return value.map(String::isBlank).orElse(true);
    }
}
