package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleUsers;
import dev.memoria.console.control.OffsetPage;
import dev.memoria.console.entity.ConsoleRole;
import dev.memoria.platform.entity.DomainException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;

/** Console users (admins only): list, create with a temporary password, set roles, reset passwords. */
@ApplicationScoped
public class UserPages {

    static final int PAGE_SIZE = 25;

    /** A user-management event as the page lists it. */
    public record EventRow(java.time.Instant at, String actor, String action, String username, String detail) {}

    @Inject
    ConsoleUsers users;

    public View list(ConsoleRequest request) {
        int number = OffsetPage.number(request.param("page"));
        Map<String, Object> model = request.model("users");
        model.put(
                "page",
                OffsetPage.of(number, PAGE_SIZE, users.list(OffsetPage.offset(number, PAGE_SIZE), PAGE_SIZE + 1)));
        model.put(
                "events",
                users.events(0, 20).stream()
                        .map(e -> new EventRow(e.at(), e.actor(), e.action(), e.username(), e.detail()))
                        .toList());
        model.put(
                "roles",
                List.of(ConsoleRole.values()).stream()
                        .map(ConsoleRole::wireName)
                        .toList());
        model.put("done", request.param("done"));
        return View.page("users", model);
    }

    public View create(ConsoleRequest request) {
        users.create(
                request.user().actor(),
                request.param("username"),
                role(request.param("role")),
                request.raw("password"),
                true);
        return View.redirect("/console/users?done=created");
    }

    public View setRole(ConsoleRequest request) {
        users.setRole(request.user().actor(), request.path("username"), role(request.param("role")));
        return View.redirect("/console/users?done=role");
    }

    public View resetPassword(ConsoleRequest request) {
        users.resetPassword(request.user().actor(), request.path("username"), request.raw("password"));
        return View.redirect("/console/users?done=reset");
    }

    private static ConsoleRole role(String text) {
        return ConsoleRole.fromWire(text)
                .orElseThrow(() -> DomainException.invalid("role", "must be support or admin"));
    }
}
