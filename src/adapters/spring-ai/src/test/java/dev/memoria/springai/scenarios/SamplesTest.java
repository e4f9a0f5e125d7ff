package dev.memoria.springai.scenarios;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.client.RecallQuery;
import dev.memoria.springai.samples.SupportApp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The sample app of java.md runs as printed there, against the server (MEMORIA_URL and MEMORIA_TOKEN). */
class SamplesTest {

    @Test
    void theSampleAppIsPromptedWithWhatMemoriaKnowsAndTeachesIt() {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            SupportApp.main(new String[] {"--spring.main.banner-mode=off"});
        } finally {
            System.setOut(out);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        out.println(text);
        assertTrue(text.contains("- Is allergic to peanuts"), text);
        assertTrue(
                Server.client().recall("user:42", RecallQuery.of("kubernetes")).items().stream()
                        .anyMatch(i -> i.fact().content().toLowerCase().contains("kubernetes")),
                "the exchange was learned");
    }
}
