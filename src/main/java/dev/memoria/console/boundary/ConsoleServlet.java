package dev.memoria.console.boundary;

import dev.memoria.console.control.SignedIn;
import dev.memoria.platform.boundary.Problems;
import dev.memoria.platform.entity.DomainException;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The console's one front servlet: routes a request to its page handler and turns the answer into HTTP. */
@WebServlet(urlPatterns = {"/console", "/console/*"})
public class ConsoleServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ConsoleServlet.class.getName());

    @Inject
    LoginPages login;

    @Inject
    OverviewPages overview;

    @Inject
    ScopePages scopes;

    @Inject
    FactPages facts;

    @Inject
    SnapshotPages snapshots;

    @Inject
    UserPages users;

    @Inject
    ErasurePages erasures;

    @Inject
    SearchPages search;

    @Inject
    Clock clock;

    private Router router;
    private ConsoleFormat format;

    @Override
    public void init() {
        format = new ConsoleFormat(clock);
        String scope = "/tenants/{tenant}/scopes/{scope}";
        router = new Router()
                .get("/login", login::form)
                .post("/login", login::signIn)
                .post("/logout", login::signOut)
                .get("/password", login::passwordForm)
                .post("/password", login::changePassword)
                .get("/", overview::dashboard)
                .get("/tenants", overview::tenants)
                .get("/tenants/{tenant}", overview::tenant)
                .postAdmin("/tenants/{tenant}/settings", overview::changeSettings)
                .postAdmin("/tenants/{tenant}/quotas", overview::changeQuotas)
                .get("/tenants/{tenant}/prompt", scopes::promptAcross)
                .get("/tenants/{tenant}/supersessions", scopes::supersessions)
                .get("/tenants/{tenant}/erasures", erasures::list)
                .getAdmin("/tenants/{tenant}/erasures/confirm", erasures::confirm)
                .postAdmin("/tenants/{tenant}/erasures", erasures::erase)
                .get("/tenants/{tenant}/erasures/{id}", erasures::receipt)
                .get("/audit", overview::audit)
                .get("/search", search::search)
                .post("/search/deleted", search::deleted)
                .get(scope, scopes::scope)
                .get(scope + "/memory.md", scopes::memoryFile)
                .get(scope + "/prompt", scopes::prompt)
                .get(scope + "/facts/{id}", facts::fact)
                .postAdmin(scope + "/facts/{id}", facts::edit)
                .getAdmin(scope + "/facts/{id}/delete", facts::confirmDelete)
                .postAdmin(scope + "/facts/{id}/versions/{version}/restore", facts::restoreVersion)
                .postAdmin(scope + "/facts/{id}/reinstate", facts::reinstate)
                .postAdmin(scope + "/facts/{id}/delete", facts::delete)
                .postAdmin(scope + "/snapshots", snapshots::create)
                .get(scope + "/snapshots/{name}/diff", snapshots::diff)
                .getAdmin(scope + "/snapshots/{name}/restore", snapshots::confirmRestore)
                .postAdmin(scope + "/snapshots/{name}/restore", snapshots::restore)
                .getAdmin("/users", users::list)
                .postAdmin("/users", users::create)
                .postAdmin("/users/{username}/role", users::setRole)
                .postAdmin("/users/{username}/password", users::resetPassword);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = ConsoleFilter.pathOf(request);
        if (request.getRequestURI().endsWith("/console")) {
            response.sendRedirect(request.getContextPath() + "/console/");
            return;
        }
        Router.Result result = router.route(request.getMethod(), path);
        if (result.match().isEmpty()) {
            int status = result.pathKnown() ? 405 : 404;
            ConsoleErrors.render(
                    request,
                    response,
                    status,
                    status == 404 ? "Page not found" : "Method not allowed",
                    status == 404
                            ? "There is no console page at this address."
                            : "This page does not accept that method.",
                    List.of());
            return;
        }
        Router.Match match = result.match().get();
        SignedIn me = (SignedIn) request.getAttribute(ConsoleFilter.USER);
        if (match.route().adminOnly() && (me == null || !me.canChange())) {
            ConsoleErrors.forbidden(request, response, "Only console admins may do this; your role is read-only.");
            return;
        }
        try {
            send(
                    match.route().handler().handle(new ConsoleRequest(request, response, match.params(), me)),
                    me,
                    request,
                    response);
        } catch (DomainException problem) {
            ConsoleErrors.render(
                    request,
                    response,
                    Problems.status(problem.kind()),
                    problem.title(),
                    problem.getMessage(),
                    problem.errors().stream()
                            .map(e -> e.field() + ": " + e.message())
                            .toList());
        } catch (Exception failure) {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Console failure, incident " + incident, failure);
            ConsoleErrors.render(
                    request,
                    response,
                    500,
                    "Something went wrong",
                    "The console could not complete the request (incident " + incident + ").",
                    List.of());
        }
    }

    private void send(View view, SignedIn me, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (view instanceof View.Page page) {
            Map<String, Object> model = page.model();
            model.put("fmt", format);
            if (me != null) {
                model.put("me", me);
                model.put("csrf", me.csrfToken());
            }
            ConsoleTemplates.of(getServletContext()).render(page.template(), model, page.status(), request, response);
        } else if (view instanceof View.Redirect redirect) {
            response.setStatus(303);
            response.setHeader("Location", request.getContextPath() + redirect.location());
        } else if (view instanceof View.Download download) {
            response.setContentType(download.contentType());
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.setHeader("Content-Disposition", "attachment; filename=\"" + download.filename() + "\"");
            response.getWriter().write(download.body());
        }
    }
}
