package dev.memoria.memorymd.control;

import dev.memoria.fact.control.FactInput;
import dev.memoria.fact.control.FactRepository;
import dev.memoria.fact.control.RememberService;
import dev.memoria.fact.entity.FactDefaults;
import dev.memoria.platform.control.Timestamps;
import dev.memoria.platform.entity.DomainException;
import dev.memoria.scope.entity.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A scope's persistent facts as MEMORY.md, and MEMORY.md files imported as persistent facts. */
@ApplicationScoped
@Transactional
public class MemoryMarkdownService {

    public static final String SOURCE = "memory.md";
    /** One import is one transaction: 200,000 facts in one ran a 512 MiB heap out of memory. */
    public static final int MAX_FACTS = 10_000;

    public record ImportResult(int imported, int skipped, List<MemoryMarkdown.UnreadLine> unread) {}

    @Inject
    Clock clock;

    @Inject
    FactRepository facts;

    @Inject
    RememberService remembering;

    public String export(Scope scope) {
        return MemoryMarkdown.render(persistentEntries(scope));
    }

    /** Imports every "- fact" line as a persistent fact; one already there (same category and content) is skipped. */
    public ImportResult importFile(Scope scope, String markdown) {
        MemoryMarkdown.Parsed parsed = MemoryMarkdown.parse(markdown, FactDefaults.CATEGORY);
        if (parsed.entries().size() > MAX_FACTS) {
            throw DomainException.payloadTooLarge(
                    "The file holds " + parsed.entries().size() + " facts; one import takes at most " + MAX_FACTS
                            + ". Split it into several files.");
        }
        Set<MemoryMarkdown.Entry> present = new HashSet<>(persistentEntries(scope));
        List<FactInput> inputs = new ArrayList<>();
        int skipped = 0;
        for (MemoryMarkdown.Entry entry : parsed.entries()) {
            if (!present.add(entry)) {
                skipped++;
                continue;
            }
            inputs.add(FactInput.of(Map.of(
                    "content",
                    entry.content(),
                    "category",
                    entry.category(),
                    "persistent",
                    true,
                    "source",
                    SOURCE,
                    "dedupe",
                    false)));
        }
        if (!inputs.isEmpty()) {
            remembering.rememberAll(scope, inputs);
        }
        return new ImportResult(inputs.size(), skipped, parsed.unread());
    }

    private List<MemoryMarkdown.Entry> persistentEntries(Scope scope) {
        return facts.persistent(scope, Timestamps.now(clock)).stream()
                .map(fact -> new MemoryMarkdown.Entry(fact.category(), fact.content()))
                .toList();
    }
}
