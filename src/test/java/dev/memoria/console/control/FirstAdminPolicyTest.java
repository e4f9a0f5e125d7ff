package dev.memoria.console.control;

import static dev.memoria.console.control.FirstAdminPolicy.Kind.FROM_ENVIRONMENT;
import static dev.memoria.console.control.FirstAdminPolicy.Kind.NONE_NEEDED;
import static dev.memoria.console.control.FirstAdminPolicy.Kind.ONE_TIME_PASSWORD;
import static dev.memoria.console.control.FirstAdminPolicy.Kind.REFUSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FirstAdminPolicyTest {

    private static final Optional<String> NONE = Optional.empty();

    @Test
    void existingUsersNeedNoBootstrap() {
        assertEquals(
                NONE_NEEDED,
                FirstAdminPolicy.decide(1, Optional.of("ana"), Optional.of("long-enough-pw"), false)
                        .kind());
    }

    @Test
    void theEnvironmentNamesTheFirstAdminOnAnyDatabase() {
        for (boolean embedded : new boolean[] {true, false}) {
            FirstAdminPolicy.Decision decision =
                    FirstAdminPolicy.decide(0, Optional.of(" ana "), Optional.of("long-enough-pw"), embedded);
            assertEquals(FROM_ENVIRONMENT, decision.kind());
            assertEquals("ana", decision.username());
        }
    }

    @Test
    void embeddedWithoutEnvironmentGetsAOneTimePassword() {
        FirstAdminPolicy.Decision decision = FirstAdminPolicy.decide(0, NONE, NONE, true);
        assertEquals(ONE_TIME_PASSWORD, decision.kind());
        assertEquals("admin", decision.username());
    }

    @Test
    void postgresWithoutEnvironmentRefusesAndSaysWhy() {
        FirstAdminPolicy.Decision decision = FirstAdminPolicy.decide(0, NONE, NONE, false);
        assertEquals(REFUSE, decision.kind());
        assertTrue(decision.reason().contains("MEMORIA_ADMIN_USER")
                && decision.reason().contains("MEMORIA_ADMIN_PASSWORD"));
    }

    @Test
    void halfAConfigurationOrAWeakPasswordIsRefused() {
        assertEquals(
                REFUSE,
                FirstAdminPolicy.decide(0, Optional.of("ana"), NONE, true).kind());
        assertEquals(
                REFUSE,
                FirstAdminPolicy.decide(0, NONE, Optional.of("long-enough-pw"), true)
                        .kind());
        FirstAdminPolicy.Decision weak = FirstAdminPolicy.decide(0, Optional.of("ana"), Optional.of("short"), true);
        assertEquals(REFUSE, weak.kind());
        assertTrue(weak.reason().contains("12"));
        assertEquals(
                REFUSE,
                FirstAdminPolicy.decide(0, Optional.of("bad name!"), Optional.of("long-enough-pw"), true)
                        .kind());
    }

    @Test
    void theEnvironmentSetAfterTheFirstAdminIsReportedNotSilentlyIgnored() {
        Optional<String> ana = Optional.of("ana");
        Optional<String> pw = Optional.of("long-enough-pw");
        assertTrue(FirstAdminPolicy.ignoredEnvironment(ana, pw, false, false)
                .orElseThrow()
                .startsWith("MEMORIA_ADMIN_USER 'ana' is ignored"));
        assertTrue(FirstAdminPolicy.ignoredEnvironment(ana, pw, true, false)
                .orElseThrow()
                .startsWith("MEMORIA_ADMIN_PASSWORD is not the password of 'ana'"));
        assertEquals(Optional.empty(), FirstAdminPolicy.ignoredEnvironment(ana, pw, true, true));
        assertEquals(Optional.empty(), FirstAdminPolicy.ignoredEnvironment(NONE, NONE, false, false));
    }
}
