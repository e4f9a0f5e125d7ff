package dev.memoria.console.boundary;

import dev.memoria.console.control.SupportSearch;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.tenant.control.TenantContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Search everywhere: {@code GET /console/search?q=} by id, key and words across every tenant (or {@code tenant=}),
 * and {@code POST /console/search/deleted}, which says whether a text was deleted without the text ever being in
 * a URL or stored.
 */
@ApplicationScoped
public class SearchPages {

    static final int MAX_TEXT = 16_000;

    @Inject
    SupportSearch search;

    public View search(ConsoleRequest request) {
        String query = request.param("q");
        String tenant = tenant(request);
        Map<String, Object> model = request.model("search");
        model.put("q", query);
        model.put("tenant", tenant);
        if (query != null) {
            if (query.length() > 2000) {
                throw DomainException.invalid("q", "must be at most 2000 characters");
            }
            model.put("result", search.find(tenant, query, request.user().actor()));
            model.put("auditedFact", search.auditedFact(tenant, query));
            model.put("snapshotHits", search.inSnapshotsOnly(tenant, query));
        }
        return View.page("search", model);
    }

    /** The text is hashed as the audit log hashes deleted content, compared, and forgotten. */
    public View deleted(ConsoleRequest request) {
        String text = request.raw("text");
        if (text == null || text.isEmpty()) {
            throw DomainException.invalid("text", "is required");
        }
        if (text.length() > MAX_TEXT) {
            throw DomainException.invalid("text", "must be at most " + MAX_TEXT + " characters");
        }
        String tenant = tenant(request);
        Map<String, Object> model = request.model("search");
        model.put("tenant", tenant);
        model.put("checked", true);
        // exact digests first (every deletion has one), then the keyed digests of the text and its identifiers
        Map<String, SupportSearch.FoundDeletion> found = new java.util.LinkedHashMap<>();
        for (String variant : variants(text)) {
            search.deleted(tenant, variant)
                    .forEach(entry -> found.putIfAbsent(
                            entry.tenant() + " " + entry.at() + " " + entry.factId(),
                            new SupportSearch.FoundDeletion(entry, "the whole text, exactly")));
        }
        search.deletedHolding(tenant, text)
                .forEach(deletion -> found.putIfAbsent(
                        deletion.entry().tenant() + " " + deletion.entry().at() + " "
                                + deletion.entry().factId(),
                        deletion));
        model.put(
                "deletions",
                found.values().stream()
                        .map(deletion -> deletion.withCopies(search.snapshotsHolding(
                                deletion.entry().tenant(), deletion.entry().factId())))
                        .toList());
        return View.page("search", model);
    }

    /**
     * The texts whose digest may be the deleted content's: as typed, with a browser's CRLF line breaks as the LF
     * an agent sends, and each trimmed as the API trims content before storing it.
     */
    static java.util.Set<String> variants(String text) {
        java.util.Set<String> variants = new java.util.LinkedHashSet<>();
        for (String lines : List.of(text.replace("\r\n", "\n"), text)) {
            variants.add(lines.strip());
            variants.add(lines);
        }
        variants.remove("");
        return variants;
    }

    private static String tenant(ConsoleRequest request) {
        String tenant = request.param("tenant");
        if (tenant == null) {
            return null;
        }
        tenant = tenant.toLowerCase(Locale.ROOT);
        if (!TenantContext.TENANT_ID.matcher(tenant).matches()) {
            throw DomainException.invalid("tenant", "is not a tenant id");
        }
        return tenant;
    }
}
