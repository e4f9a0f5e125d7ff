package dev.memoria.langchain4j.scenarios;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.langchain4j.samples.SupportAgent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The sample agent of java.md runs as printed there, against the server (MEMORIA_URL and MEMORIA_TOKEN). */
class SamplesTest {

    @Test
    void theSampleAgentIsPromptedWithWhatMemoriaKnows() {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            SupportAgent.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        out.println(text);
        assertTrue(text.contains("Prefers answers in Portuguese"), text);
        assertTrue(text.contains("learned: [Fact["), text);
        assertTrue(text.toLowerCase().contains("kubernetes"), text);
        String window = text.lines()
                .filter(line -> line.startsWith("window: "))
                .findFirst()
                .orElseThrow();
        assertTrue(window.contains("Which language do I like my answers in?"), window);
        assertFalse(window.contains("<memory>") || window.contains("Portuguese"), "recalled facts stay out: " + window);
    }
}
