package dev.memoria.client.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.client.BatchResult;
import dev.memoria.client.ConversationWindows;
import dev.memoria.client.Fact;
import dev.memoria.client.FactInput;
import dev.memoria.client.FactType;
import dev.memoria.client.Learned;
import dev.memoria.client.ListQuery;
import dev.memoria.client.MemoriaClient;
import dev.memoria.client.MemoriaException;
import dev.memoria.client.Recall;
import dev.memoria.client.RecallMode;
import dev.memoria.client.RecallQuery;
import dev.memoria.client.Remembered;
import dev.memoria.client.Turn;
import dev.memoria.client.Window;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client against the real server: every call it offers, as an agent backend makes them. */
class ClientScenariosTest {

    private final MemoriaClient memoria = Server.client();

    @Test
    void theTourThroughTheClient() {
        String scope = "user:42";
        Remembered created = memoria.remember(
                scope,
                FactInput.builder("Prefers espresso after lunch")
                        .category("preferences")
                        .persistent(true)
                        .tags("coffee")
                        .build());
        assertFalse(created.reinforced());
        assertEquals("preferences", created.fact().category());
        assertTrue(created.fact().persistent());
        Remembered again = memoria.remember(scope, "Prefers espresso after lunch");
        assertTrue(again.reinforced(), "a near-duplicate reinforces");
        assertEquals(created.fact().id(), again.fact().id());

        BatchResult batch = memoria.rememberAll(
                scope,
                List.of(
                        FactInput.builder("Has a cat named Miso")
                                .type(FactType.EPISODIC)
                                .importance(0.8)
                                .build(),
                        FactInput.of("Deploys with Docker on Fridays")));
        assertEquals(2, batch.created());
        assertEquals(2, batch.items().size());
        Instant beforeMove = Instant.now();

        assertEquals(
                "Has a cat named Miso",
                memoria.get(scope, batch.items().get(0).fact().id()).content());
        assertEquals(3, memoria.list(scope).items().size());
        assertEquals(
                1,
                memoria.list(scope, ListQuery.all().withType(FactType.EPISODIC))
                        .items()
                        .size());
        assertEquals(
                List.of("Prefers espresso after lunch"),
                memoria.list(scope, ListQuery.all().withPersistent(true)).items().stream()
                        .map(Fact::content)
                        .toList());

        Fact saved = memoria.save(scope, "home/city", FactInput.of("Lives in Lisbon"));
        assertEquals("home/city", saved.key());
        Fact replaced = memoria.save(scope, "home/city", FactInput.of("Lives in Berlin"));
        assertEquals(saved.id(), replaced.id());
        assertEquals(2, replaced.version());
        assertEquals(
                "Lives in Berlin",
                memoria.getByKey(scope, "home/city").orElseThrow().content());

        Recall recall = memoria.recall(scope, RecallQuery.of("cat").withLimit(3).withMode(RecallMode.KEYWORD));
        assertEquals(RecallMode.KEYWORD, recall.mode());
        assertEquals("Has a cat named Miso", recall.items().get(0).fact().content());
        assertTrue(recall.context().contains("[episodic] Has a cat named Miso"), recall.context());
        Recall then = memoria.recall(scope, RecallQuery.of("Lives").asOf(beforeMove));
        assertTrue(then.items().isEmpty(), "as_of reads memory before the city was saved");

        assertEquals(
                "Deploys with Docker on Fridays",
                memoria.search(scope, "docker", 5).get(0).content());
        assertTrue(memoria.context(scope).contains("- Prefers espresso after lunch"));

        assertEquals(4, memoria.snapshot(scope, "before").facts());
        assertEquals("before", memoria.snapshots(scope).get(0).name());
        memoria.forget(scope, batch.items().get(1).fact().id());
        assertTrue(memoria.forgetByKey(scope, "home/city"));
        assertFalse(memoria.forgetByKey(scope, "home/city"));
        assertTrue(memoria.getByKey(scope, "home/city").isEmpty());
        assertEquals(2, memoria.diff(scope, "before", null).removed().size());
        assertEquals(4, memoria.restore(scope, "before"));
        assertEquals(4, memoria.stats(scope).totalFacts());
        memoria.deleteSnapshot(scope, "before");
        assertTrue(memoria.snapshots(scope).isEmpty());

        Learned learned = memoria.learn(
                "user:43",
                List.of(
                        Turn.user("I really hate working with async. By the way we deploy on Kubernetes."),
                        Turn.assistant("Got it")));
        assertFalse(learned.added().isEmpty(), learned::toString);
        assertTrue(memoria.scopes(null, null).items().stream()
                .anyMatch(s -> s.scope().equals("user:43")));
    }

    @Test
    void aProblemCarriesItsFields() {
        MemoriaException invalid = assertThrows(
                MemoriaException.class,
                () -> memoria.rememberAll(
                        "user:42",
                        List.of(
                                FactInput.of("fine"),
                                FactInput.builder("bad").importance(2.0).build())));
        assertEquals(400, invalid.status());
        assertEquals("https://memoria.dev/problems/validation", invalid.type());
        assertEquals("facts[1].importance", invalid.errors().get(0).field());

        MemoriaException missing = assertThrows(
                MemoriaException.class, () -> memoria.get("user:42", "0196a2b0-0000-7000-8000-000000000000"));
        assertEquals(404, missing.status());

        MemoriaException badScope = assertThrows(MemoriaException.class, () -> memoria.stats("a::b"));
        assertEquals(400, badScope.status());

        MemoriaClient stranger = MemoriaClient.builder()
                .baseUrl(Server.url())
                .token("not-a-token")
                .build();
        assertEquals(
                401,
                assertThrows(MemoriaException.class, () -> stranger.stats("user:42"))
                        .status());
    }

    @Test
    void aWindowIsKeptWholeInTheUsersScopeAndReplacedInPlace() {
        ConversationWindows windows = new ConversationWindows(memoria);
        String scope = "user:42";
        String id = "support/chat 1";
        assertTrue(windows.load(scope, id).isEmpty());
        long facts = memoria.stats(scope).totalFacts();
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < 40; i++) {
            text.append("{\"text\":\"  turn ")
                    .append(i)
                    .append(' ')
                    .append("x".repeat(900))
                    .append(" \"},");
        }
        String big = text.append("]").toString();
        windows.save(scope, id, big);
        assertEquals(big, windows.load(scope, id).orElseThrow(), "a window of 36,000 characters comes back as saved");

        String bigger = big + " and one more turn ";
        windows.save(scope, id, bigger);
        assertEquals(bigger, windows.load(scope, id).orElseThrow());
        Window saved = memoria.window(scope, id).orElseThrow();
        assertEquals(bigger.length(), saved.size());
        assertEquals(scope, saved.scope());

        windows.save(scope, id, " short ");
        assertEquals(" short ", windows.load(scope, id).orElseThrow(), "kept exactly, spaces and all");
        assertEquals(facts, memoria.stats(scope).totalFacts(), "a window adds no fact to the scope");
        assertTrue(windows.ids(scope).contains(id));

        assertTrue(windows.delete(scope, id));
        assertTrue(windows.load(scope, id).isEmpty());
        assertFalse(windows.delete(scope, id));
        assertFalse(windows.ids(scope).contains(id));
    }

    @Test
    void twoWritersOfOneWindowKeepEveryTurnThroughTheServersETags() {
        String scope = "user:42";
        String id = "chat-two-writers";
        java.util.function.Function<String, List<String>> decode =
                text -> new java.util.ArrayList<>(List.of(text.split("\n")));
        java.util.function.Function<List<String>, String> encode = list -> String.join("\n", list);
        ConversationWindows a = new ConversationWindows(memoria); // two nodes of one application
        ConversationWindows b = new ConversationWindows(memoria);
        for (int i = 0; i < 5; i++) {
            List<String> readByA = a.loadMessages(scope, id, decode, m -> m);
            List<String> readByB = b.loadMessages(scope, id, decode, m -> m);
            readByA.add("a" + i);
            readByB.add("b" + i);
            a.saveMessages(scope, id, readByA, encode, decode, m -> m);
            b.saveMessages(scope, id, readByB, encode, decode, m -> m); // the server answers 412: merged
        }
        assertEquals(
                List.of("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"),
                decode.apply(a.load(scope, id).orElseThrow()),
                "10 of 10");

        Window read = memoria.window(scope, id).orElseThrow();
        assertTrue(read.etag() != null && !read.etag().isBlank(), "the server sends an ETag");
        Window saved = memoria.saveWindow(scope, id, "replaced", read.etag());
        assertTrue(saved.etag() != null && !saved.etag().equals(read.etag()));
        MemoriaException stale =
                assertThrows(MemoriaException.class, () -> memoria.saveWindow(scope, id, "lost", read.etag()));
        assertTrue(stale.isPreconditionFailed(), stale::getMessage);
        MemoriaException exists = assertThrows(MemoriaException.class, () -> memoria.createWindow(scope, id, "lost"));
        assertTrue(exists.isPreconditionFailed(), exists::getMessage);
        assertEquals("replaced", memoria.window(scope, id).orElseThrow().content(), "nothing written by a 412");
        assertTrue(memoria.forgetWindow(scope, id));
    }
}
