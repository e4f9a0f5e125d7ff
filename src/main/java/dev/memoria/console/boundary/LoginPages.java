package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleBootstrap;
import dev.memoria.console.control.ConsoleSessions;
import dev.memoria.console.control.ConsoleUsers;
import dev.memoria.console.control.FirstAdminPolicy;
import dev.memoria.platform.boundary.ClientAddress;
import dev.memoria.platform.control.FailureThrottle;
import dev.memoria.platform.entity.DomainException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Signing in and out, and changing one's own password (required after a one-time or reset password). */
@ApplicationScoped
public class LoginPages {

    /**
     * Password hashes checked at once: each takes a core for a while (PBKDF2), so parallel sign-ins, wrong or right,
     * wait for one another rather than starve the API's and health checks' threads.
     */
    private final Semaphore hashing =
            new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));

    static final int HASHING_WAIT_SECONDS = 10;

    /** Wrong passwords one client may send in a row before it must wait (doubling, up to fifteen minutes). */
    static final int FREE_FAILURES_PER_CLIENT = 10;
    /** Wrong passwords for one name in a row, from any clients, before strangers must wait to try it again. */
    static final int FREE_FAILURES_PER_NAME = 5;

    @Inject
    ConsoleUsers users;

    @Inject
    ConsoleSessions sessions;

    @Inject
    ConsoleBootstrap bootstrap;

    @Inject
    FailureThrottle throttle;

    @Inject
    ClientAddress clients;

    public View form(ConsoleRequest request) {
        return loginPage(request, null, 200);
    }

    /**
     * Signs in. A client that keeps failing waits, whatever names it tries; a name that keeps failing waits too, for
     * every browser but one that signed in as it before (its device proof), so strangers can slow an account's
     * guessing but never lock its owner out. Known and unknown names answer alike, in words, status and time.
     */
    public View signIn(ConsoleRequest request) throws InterruptedException {
        if (refusal() != null) {
            return loginPage(request, null, 503);
        }
        String username = request.param("username");
        String client = "sign-in client|" + clients.of(request.http());
        String name = "sign-in name|" + (username == null ? "" : username.strip());
        boolean provenDevice =
                users.provesDevice(username == null ? null : username.strip(), DeviceCookie.read(request.http()));
        Duration wait = throttle.wait(client);
        if (!provenDevice && throttle.wait(name).compareTo(wait) > 0) {
            wait = throttle.wait(name);
        }
        if (!wait.isZero()) {
            long seconds = FailureThrottle.retryAfterSeconds(wait);
            request.response().setHeader("Retry-After", String.valueOf(seconds));
            return loginPage(request, "Too many sign-in attempts: try again in " + seconds + " s.", 429);
        }
        ConsoleUsers.Login login;
        if (!hashing.tryAcquire(HASHING_WAIT_SECONDS, TimeUnit.SECONDS)) {
            request.response().setHeader("Retry-After", "1");
            return loginPage(request, "The server is busy checking other sign-ins: try again in a moment.", 503);
        }
        try {
            login = users.login(username, request.raw("password"));
        } finally {
            hashing.release();
        }
        if (login.outcome() != ConsoleUsers.LoginOutcome.SIGNED_IN) {
            throttle.failed(client, FREE_FAILURES_PER_CLIENT);
            throttle.failed(name, FREE_FAILURES_PER_NAME);
            return loginPage(request, "Wrong user name or password.", 200);
        }
        throttle.succeeded(client);
        throttle.succeeded(name);
        String earlier = ConsoleCookie.read(request.http());
        if (earlier != null) {
            sessions.closeByToken(earlier);
        }
        ConsoleSessions.Opened session = sessions.open(login.username());
        ConsoleCookie.set(request.http(), request.response(), session.token());
        DeviceCookie.set(request.http(), request.response(), login.deviceProof());
        return View.redirect("/console/");
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
