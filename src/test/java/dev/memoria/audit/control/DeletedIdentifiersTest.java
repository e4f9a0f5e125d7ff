package dev.memoria.audit.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeletedIdentifiersTest {

    private static final byte[] KEY = "a tenant's key of thirty-two b!!".getBytes(StandardCharsets.UTF_8);
    private static final String DELETED = "Her husband Luis Ferreira is the emergency contact, +351 912 345 678;"
            + " mail luis.f@example.pt, policy 44-0917-22";

    @Test
    void readsTheIdentifiersOfAText() {
        List<DeletedIdentifiers.Identifier> found = DeletedIdentifiers.of(DELETED);

        assertTrue(found.contains(identifier(DeletedIdentifiers.Kind.PHONE, "351912345678")), found.toString());
        assertTrue(
                found.contains(identifier(DeletedIdentifiers.Kind.PHONE, "912345678")),
                "the number without its country code");
        assertTrue(found.contains(identifier(DeletedIdentifiers.Kind.EMAIL, "luis.f@example.pt")));
        assertTrue(found.contains(identifier(DeletedIdentifiers.Kind.NAME, "luis ferreira")));
        assertTrue(found.stream().anyMatch(i -> i.value().equals("44091722")), "a policy number: " + found);
        assertFalse(
                found.stream().anyMatch(i -> i.value().equals("her husband")),
                "a capital at the start of a sentence makes no name");
    }

    @Test
    void confirmsADeletionFromAnIdentifierAsACustomerWritesIt() {
        List<String> stored =
                Arrays.asList(DeletedIdentifiers.stored(KEY, DELETED).split(" "));

        for (String fragment : List.of(
                "+351 912 345 678",
                "351912345678",
                "912 345 678",
                "(351) 912-345-678",
                "LUIS.F@EXAMPLE.PT",
                "Luis Ferreira",
                "44091722",
                DELETED.toUpperCase(java.util.Locale.ROOT) + "  ")) {
            assertTrue(
                    DeletedIdentifiers.lookups(KEY, fragment).stream().anyMatch(stored::contains),
                    fragment + " confirms the deletion");
        }
        for (String fragment : List.of("Lisbon", "emergency contact", "912 345 679", "Luis Fernandes")) {
            assertFalse(
                    DeletedIdentifiers.lookups(KEY, fragment).stream().anyMatch(stored::contains),
                    fragment + " confirms nothing");
        }
    }

    @Test
    void digestsAreTheTenantsOwn() {
        byte[] otherKey = KEY.clone();
        otherKey[0] ^= 1;
        assertNotEquals(DeletedIdentifiers.stored(KEY, DELETED), DeletedIdentifiers.stored(otherKey, DELETED));
        String stored = DeletedIdentifiers.stored(KEY, DELETED);
        assertFalse(stored.contains("912345678") || stored.contains("luis"), "nothing of the text is kept: " + stored);
        assertTrue(DeletedIdentifiers.lookups(KEY, "912345678").stream()
                .map(DeletedIdentifiers::kindOf)
                .anyMatch(DeletedIdentifiers.Kind.PHONE::equals));
    }

    private static DeletedIdentifiers.Identifier identifier(DeletedIdentifiers.Kind kind, String value) {
        return new DeletedIdentifiers.Identifier(kind, value);
    }
}
