package dev.memoria.console.boundary;

import dev.memoria.console.control.ConsoleChanges;
import dev.memoria.console.control.FactDetail;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.scope.entity.Scope;
import dev.memoria.snapshot.control.SnapshotService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Snapshots of a scope: take one, compare side by side, restore behind a confirmation page. */
@ApplicationScoped
public class SnapshotPages {

    /** One line of the side-by-side diff: what the fact was (left) and what it became (right). */
    public record DiffRow(String change, FactDetail before, FactDetail after) {}

    @Inject
    Clock clock;

    @Inject
    TenantBinding binding;

    @Inject
    SnapshotService snapshots;

    @Inject
    ConsoleChanges changes;

    public View create(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        changes.createSnapshot(scope, request.param("name"));
        return View.redirect(FactPages.scopePath(request) + "?tab=snapshots&done=snapshot");
    }

    public View diff(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        String name = request.path("name");
        String against = request.param("against") == null ? SnapshotService.CURRENT : request.param("against");
        SnapshotService.Diff diff = snapshots.diff(scope, name, against);
        Instant now = Timestamps.now(clock);
        List<DiffRow> rows = new ArrayList<>();
        diff.changed()
                .forEach(c -> rows.add(
                        new DiffRow("changed", FactDetail.of(c.before(), now), FactDetail.of(c.after(), now))));
        diff.removed().forEach(f -> rows.add(new DiffRow("removed", FactDetail.of(f, now), null)));
        diff.added().forEach(f -> rows.add(new DiffRow("added", null, FactDetail.of(f, now))));
        Map<String, Object> model = snapshotModel(request, scope, name);
        model.put("against", against);
        model.put("rows", rows);
        model.put(
                "counts",
                Map.of(
                        "added",
                        diff.added().size(),
                        "removed",
                        diff.removed().size(),
                        "changed",
                        diff.changed().size()));
        model.put(
                "others",
                snapshots.list(scope).stream()
                        .map(s -> s.name())
                        .filter(n -> !n.equals(name))
                        .toList());
        return View.page("diff", model);
    }

    public View confirmRestore(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        String name = request.path("name");
        SnapshotService.Diff diff = snapshots.diff(scope, name, SnapshotService.CURRENT);
        Map<String, Object> model = snapshotModel(request, scope, name);
        // restoring undoes the diff from the snapshot to now: added facts go, removed ones come back
        model.put(
                "counts",
                Map.of(
                        "added",
                        diff.added().size(),
                        "removed",
                        diff.removed().size(),
                        "changed",
                        diff.changed().size()));
        return View.page("restore", model);
    }

    public View restore(ConsoleRequest request) {
        Scope scope = binding.bindScope(request);
        changes.restoreSnapshot(scope, request.path("name"));
        return View.redirect(FactPages.scopePath(request) + "?tab=snapshots&done=restored");
    }

    private Map<String, Object> snapshotModel(ConsoleRequest request, Scope scope, String name) {
        Map<String, Object> model = request.model("tenants");
        model.put("tenant", request.path("tenant"));
        model.put("scope", scope.value());
        model.put("name", name);
        return model;
    }
}
