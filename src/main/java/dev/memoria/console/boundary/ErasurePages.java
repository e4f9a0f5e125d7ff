package dev.memoria.console.boundary;

import dev.memoria.erasure.control.ErasureService;
import dev.memoria.erasure.entity.ErasureReceipt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;

/**
 * Erasure of a data subject from the console: a form and the tenant's receipts, a confirmation page that counts
 * what would go before anything does, and the receipt once it is done. Running one is for admins only.
 */
@ApplicationScoped
public class ErasurePages {

    static final int RECEIPTS_SHOWN = 100;

    @Inject
    TenantBinding binding;

    @Inject
    ErasureService erasures;

    public View list(ConsoleRequest request) {
        Map<String, Object> model = tenantModel(request);
        model.put("receipts", erasures.latest(RECEIPTS_SHOWN));
        return View.page("erasures", model);
    }

    public View confirm(ConsoleRequest request) {
        Map<String, Object> model = tenantModel(request);
        String subject = request.param("subject");
        String contains = contentContains(request);
        ErasureService.Preview preview = erasures.preview(subject, contains);
        model.put("subject", subject);
        model.put("contentContains", contains);
        model.put("scopes", preview.scopes());
        model.put("counts", preview.erased());
        return View.page("erasure-confirm", model);
    }

    public View erase(ConsoleRequest request) {
        String tenant = binding.bind(request);
        ErasureReceipt receipt = erasures.erase(request.param("subject"), contentContains(request));
        return View.redirect("/console/tenants/" + tenant + "/erasures/" + receipt.id() + "?done");
    }

    public View receipt(ConsoleRequest request) {
        Map<String, Object> model = tenantModel(request);
        model.put("receipt", erasures.get(request.path("id")));
        model.put("done", request.http().getParameter("done") != null);
        return View.page("erasure", model);
    }

    private Map<String, Object> tenantModel(ConsoleRequest request) {
        String tenant = binding.bind(request);
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", tenant);
        return model;
    }

    /** The text as typed (spaces inside it matter), or none when the field is blank. */
    private static String contentContains(ConsoleRequest request) {
        String text = request.raw("content_contains");
        return text == null || text.isBlank() ? null : text;
    }
}
