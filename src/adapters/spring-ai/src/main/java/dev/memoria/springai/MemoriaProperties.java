package dev.memoria.springai;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code memoria.*}: where Memoria is and how the advisor and the chat memory use it. */
@ConfigurationProperties(prefix = "memoria")
public class MemoriaProperties {

    /** The server, such as {@code http://localhost:9080}; without it nothing is configured. */
    private String url;

    /** A fixed bearer token; a {@link MemoriaTokenSupplier} bean wins over it. */
    private String token;

    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration requestTimeout = Duration.ofSeconds(30);

    /** Retries of a 429, or a 503 with Retry-After. */
    private int maxRetries = 3;

    private final Advisor advisor = new Advisor();
    private final ChatMemory chatMemory = new ChatMemory();

    public static class Advisor {
        /** Facts recalled into the system message before a call. */
        private int recallLimit = 5;

        /** Whether each exchange is handed to learn after the call. */
        private boolean learn = true;

        public int getRecallLimit() {
            return recallLimit;
        }

        public void setRecallLimit(int recallLimit) {
            this.recallLimit = recallLimit;
        }

        public boolean isLearn() {
            return learn;
        }

        public void setLearn(boolean learn) {
            this.learn = learn;
        }
    }

    public static class ChatMemory {
        /**
         * Unset (the default): a conversation's window lives in the scope the {@link MemoriaScopeResolver} maps the
         * conversation to, under the conversation id. Set: in the scope {@code <scope-prefix>:<conversation id>}.
         */
        private String scopePrefix;

        public String getScopePrefix() {
            return scopePrefix;
        }

        public void setScopePrefix(String scopePrefix) {
            this.scopePrefix = scopePrefix;
        }
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getToken() {
        return token;
    }

    public void setToken(String token) {
        this.token = token;
    }

    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public Duration getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(Duration requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public int getMaxRetries() {
        return maxRetries;
    }

    public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
    }

    public Advisor getAdvisor() {
        return advisor;
    }

    public ChatMemory getChatMemory() {
        return chatMemory;
    }
}
