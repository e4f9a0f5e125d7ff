package dev.memoria.platform.boundary;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyNamingStrategy;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** snake_case field names and explicit nulls ("key": null), as the contract shows them. */
@Provider
public class JsonbConfiguration implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = JsonbBuilder.create(new JsonbConfig()
            .withPropertyNamingStrategy(PropertyNamingStrategy.LOWER_CASE_WITH_UNDERSCORES)
            .withNullValues(true));

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }
}
