package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleChanges;
import dev.memoria.console.control.FactLife;
import dev.memoria.fact.control.FactService;
import dev.memoria.fact.entity.FactType;
import dev.memoria.fact.entity.FactVersion;
import dev.memoria.platform.control.Jsons;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** One fact: every field, retention and access, the edit form, and delete behind a confirmation page. */
@ApplicationScoped
public class FactPages {

    @Inject
    TenantBinding binding;

    @Inject
    FactService facts;

    @Inject
    ConsoleChanges changes;

    @Inject
    FactLife life;

    public View fact(ConsoleRequest request) {
        return factPage(request, "fact");
    }

    public View confirmDelete(ConsoleRequest request) {
        return factPage(request, "fact-delete");
    }

    /** The edit form's fields become a PATCH body, so the console validates exactly as the API does. */
    public View edit(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        String id = request.path("id");
        changes.editFact(scope, id, patch(request).build());
        return View.redirect(factPath(request) + "?saved");
    }

    /** Makes an older version what the fact says again: a new version with that version's fields (audited). */
    public View restoreVersion(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        String id = request.path("id");
        int number;
        try {
            number = Integer.parseInt(request.path("version"));
        } catch (NumberFormatException notANumber) {
            throw DomainException.notFound("The fact has no version '" + request.path("version") + "'.");
        }
        FactVersion version = facts.history(scope, id).stream()
                .filter(v -> v.version() == number)
                .findFirst()
                .orElseThrow(() -> DomainException.notFound("The fact has no version " + number + "."));
        JsonObjectBuilder json = Jsons.createObjectBuilder()
                .add("content", version.content())
                .add("category", version.category())
                .add("type", version.type().wireName())
                .add("importance", version.importance());
        nullable(json, "title", version.title());
        JsonArrayBuilder tags = Jsons.createArrayBuilder();
        version.tags().forEach(tags::add);
        changes.editFact(scope, id, json.add("tags", tags).build());
        return View.redirect(factPath(request) + "?restored=" + number);
    }

    /** Makes a wrongly superseded fact current again, as PATCH with "superseded_by": null does (audited). */
    public View reinstate(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        changes.editFact(
                scope,
                request.path("id"),
                Jsons.createObjectBuilder().addNull("superseded_by").build());
        return View.redirect(factPath(request) + "?reinstated");
    }

    public View delete(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        changes.deleteFact(scope, request.path("id"));
        return View.redirect(scopePath(request) + "?done=deleted");
    }

    static JsonObjectBuilder patch(ConsoleRequest request) {
        JsonObjectBuilder json = Jsons.createObjectBuilder();
        // browsers send a textarea's line breaks as CRLF; the API stores what agents send, LF
        json.add(
                "content",
                request.raw("content") == null ? "" : request.raw("content").replace("\r\n", "\n"));
        nullable(json, "title", request.param("title"));
        nullable(json, "key", request.param("key"));
        json.add("category", request.param("category") == null ? "" : request.param("category"));
        json.add("type", request.param("type") == null ? "" : request.param("type"));
        if (request.param("importance") == null) {
            json.add("importance", "");
        } else {
            OverviewPages.addNumber(json, "importance", request.param("importance"));
        }
        json.add("persistent", request.param("persistent") != null);
        JsonArrayBuilder tags = Jsons.createArrayBuilder();
        String tagText = request.param("tags");
        if (tagText != null) {
            Arrays.stream(tagText.split(","))
                    .map(String::strip)
                    .filter(t -> !t.isEmpty())
                    .distinct()
                    .forEach(tags::add);
        }
        return json.add("tags", tags);
    }

    private View factPage(ConsoleRequest request, String template) {
        Scope scope = binding.bindScope(request);
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", request.path("tenant"));
        model.put("scope", scope.value());
        FactLife.Life lifeOf = life.of(scope, request.path("id"));
        model.put("fact", lifeOf.fact());
        model.put("life", lifeOf);
        model.put("restored", request.param("restored"));
        model.put("reinstated", request.http().getParameter("reinstated") != null);
        model.put(
                "types",
                List.of(FactType.values()).stream().map(FactType::wireName).toList());
        model.put("saved", request.http().getParameter("saved") != null);
        return View.page(template, model);
    }

    private static void nullable(JsonObjectBuilder json, String name, String value) {
        if (value == null) {
            json.addNull(name);
        } else {
            json.add(name, value);
        }
    }

    static String scopePath(ConsoleRequest request) {
        return "/console/tenants/" + request.path("tenant") + "/scopes/" + request.path("scope");
    }

    private static String factPath(ConsoleRequest request) {
        return scopePath(request) + "/facts/" + request.path("id");
    }
}
