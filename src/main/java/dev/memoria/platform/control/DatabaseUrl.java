package dev.memoria.platform.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Whether the database is the embedded default (started by this server on its own folder) or the operator's. */
@ApplicationScoped
public class DatabaseUrl {

    private static final String EMBEDDED_URL = "jdbc:memoria:embedded-postgres:";

    @Inject
    @ConfigProperty(name = "MEMORIA_DB_URL", defaultValue = EMBEDDED_URL)
    String url;

    public boolean isEmbedded() {
        return url.startsWith(EMBEDDED_URL);
    }
}
