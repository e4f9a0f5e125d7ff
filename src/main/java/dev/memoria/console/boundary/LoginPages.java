package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleBootstrap;
import dev.memoria.console.control.ConsoleSessions;
import dev.memoria.console.control.ConsoleUsers;
import dev.memoria.console.control.FirstAdminPolicy;
import dev.memoria.platform.entity.DomainException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Objects;

/** Signing in and out, and changing one's own password (required after a one-time or reset password). */
@ApplicationScoped
public class LoginPages {

    /** A wrong password costs the guesser this much more on top of the hash. */
    static final long WRONG_PASSWORD_DELAY_MILLIS = 400;

    @Inject
    ConsoleUsers users;

    @Inject
    ConsoleSessions sessions;

    @Inject
    ConsoleBootstrap bootstrap;

    public View form(ConsoleRequest request) {
        return loginPage(request, null, 200);
    }

    public View signIn(ConsoleRequest request) throws InterruptedException {
        if (refusal() != null) {
            return loginPage(request, null, 503);
        }
        ConsoleUsers.Login login = users.login(request.param("username"), request.raw("password"));
        switch (login.outcome()) {
            case SIGNED_IN -> {
                ConsoleSessions.Opened session = sessions.open(login.username());
                ConsoleCookie.set(request.http(), request.response(), session.token());
                return View.redirect("/console/");
            }
            case BLOCKED -> {
                return loginPage(
                        request,
                        "Too many wrong passwords: this account is blocked until "
                                + ConsoleFormat.utc(login.blockedUntil()) + ".",
                        429);
            }
            default -> {
                Thread.sleep(WRONG_PASSWORD_DELAY_MILLIS);
                return loginPage(request, "Wrong user name or password.", 200);
            }
        }
    }

    public View signOut(ConsoleRequest request) {
        sessions.close(request.user().sessionHash());
        ConsoleCookie.clear(request.http(), request.response());
        return View.redirect("/console/login?signed-out");
    }

    public View passwordForm(ConsoleRequest request) {
        Map<String, Object> model = request.model("password");
        model.put("forced", request.user().mustChangePassword());
        return View.page("password", model);
    }

    public View changePassword(ConsoleRequest request) {
        if (!Objects.equals(request.raw("new_password"), request.raw("repeat_password"))) {
            throw DomainException.invalid("repeat_password", "does not match the new password");
        }
        users.changeOwnPassword(request.user(), request.raw("current_password"), request.raw("new_password"));
        return View.redirect("/console/?password-changed");
    }

    private View loginPage(ConsoleRequest request, String error, int status) {
        Map<String, Object> model = request.model("login");
        model.put("error", error);
        model.put("refusal", refusal());
        model.put("signedOut", request.http().getParameter("signed-out") != null);
        model.put("username", request.param("username"));
        return new View.Page("login", model, status);
    }

    /** Why nobody can sign in at all (PostgreSQL without MEMORIA_ADMIN_*), or null. */
    private String refusal() {
        FirstAdminPolicy.Decision decision = bootstrap.decision();
        return decision.kind() == FirstAdminPolicy.Kind.REFUSE ? decision.reason() : null;
    }
}
