package dev.memoria.fact.boundary;

import static dev.memoria.platform.boundary.JsonFields.addNullable;

import dev.memoria.fact.control.RememberService;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.fact.entity.FactView;
import dev.memoria.fact.entity.Validity;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.control.Timestamps;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.List;

/** The fact representation of the contract, fields in the documented order, nulls written out. */
public final class FactJson {

    private FactJson() {}

    public static JsonObject of(FactView fact, Instant now) {
        return builder(fact, now).build();
    }

    public static JsonArrayBuilder array(List<? extends FactView> facts, Instant now) {
        JsonArrayBuilder array = Jsons.createArrayBuilder();
        facts.forEach(fact -> array.add(of(fact, now)));
        return array;
    }

    public static JsonObjectBuilder builder(FactView fact, Instant now) {
        return stored(fact).add("retention", round(fact.retention(now)));
    }

    /** A remembered fact: whether an existing one was reinforced or replaced, and what it superseded. */
    public static JsonObjectBuilder remembered(RememberService.Remembered result, Instant now) {
        return builder(result.fact(), now)
                .add("reinforced", !result.isNew())
                .add("superseded", Jsons.createArrayBuilder(result.superseded()));
    }

    /** One version of a fact, as its history lists it. */
    public static JsonObjectBuilder version(FactVersion version) {
        JsonObjectBuilder json = Jsons.createObjectBuilder().add("version", version.version());
        addNullable(json, "title", version.title());
        json.add("content", version.content())
                .add("category", version.category())
                .add("type", version.type().wireName())
                .add("importance", round(version.importance()))
                .add("tags", Jsons.createArrayBuilder(version.tags()))
                .add("valid_from", Timestamps.format(version.validFrom()));
        addNullable(json, "valid_to", Timestamps.format(version.validTo()));
        return json.add("changed_at", Timestamps.format(version.changedAt()))
                .add("change", version.change().wireName())
                .add("source", version.source());
    }

    /** Every field but the derived retention, which changes by the hour: the fact as an export keeps it. */
    public static JsonObjectBuilder stored(FactView fact) {
        JsonObjectBuilder json =
                Jsons.createObjectBuilder().add("id", fact.id()).add("scope", fact.scopeName());
        addNullable(json, "key", fact.key());
        addNullable(json, "title", fact.title());
        json.add("content", fact.content())
                .add("category", fact.category())
                .add("type", fact.type().wireName())
                .add("importance", round(fact.importance()))
                .add("persistent", fact.persistent())
                .add("tags", Jsons.createArrayBuilder(fact.tags()))
                .add("source", fact.source())
                .add("created_at", Timestamps.format(fact.createdAt()))
                .add("updated_at", Timestamps.format(fact.updatedAt()));
        addNullable(json, "last_accessed_at", Timestamps.format(fact.lastAccessedAt()));
        json.add("access_count", fact.accessCount());
        addNullable(json, "expires_at", Timestamps.format(fact.expiresAt()));
        Validity validity = fact.validity();
        json.add("version", validity.version()).add("valid_from", Timestamps.format(validity.validFrom()));
        addNullable(json, "valid_to", Timestamps.format(validity.validTo()));
        return addNullable(json, "superseded_by", validity.supersededBy());
    }

    /** Importance steps of 0.05 must not print as 0.6000000000000001. */
    static double round(double value) {
        return Math.round(value * 1e9) / 1e9;
    }
}
