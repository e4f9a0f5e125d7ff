package dev.memoria.memorymd.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryMarkdownTest {

    private static final String FILE = """
            # Agent Memory

            ## personal
            - Name: Alice

            ## preferences
            - Prefers Python
            - Uses VS Code
            """;

    @Test
    void rendersCategoriesInFirstAppearanceOrder() {
        assertEquals(
                FILE,
                MemoryMarkdown.render(List.of(
                        new MemoryMarkdown.Entry("personal", "Name: Alice"),
                        new MemoryMarkdown.Entry("preferences", "Prefers Python"),
                        new MemoryMarkdown.Entry("preferences", "Uses VS Code"))));
    }

    @Test
    void anEmptyMemoryIsTheTitleAlone() {
        assertEquals("# Agent Memory\n", MemoryMarkdown.render(List.of()));
    }

    @Test
    void parsingIsTheInverseOfRendering() {
        MemoryMarkdown.Parsed parsed = MemoryMarkdown.parse(FILE, "general");
        assertEquals(FILE, MemoryMarkdown.render(parsed.entries()));
        assertEquals(List.of(), parsed.unread());
    }

    @Test
    void factsBeforeAnyHeadingGoToTheDefaultCategoryAndOtherLinesAreReported() {
        MemoryMarkdown.Parsed parsed = MemoryMarkdown.parse("* Likes tea\r\nsome prose\n## \n- \n", "general");
        assertEquals(List.of(new MemoryMarkdown.Entry("general", "Likes tea")), parsed.entries());
        assertEquals(
                List.of(2, 3, 4),
                parsed.unread().stream().map(MemoryMarkdown.UnreadLine::line).toList());
    }

    @Test
    void lineBreaksInsideAFactBecomeSpaces() {
        assertEquals(
                "# Agent Memory\n\n## notes\n- first line second line\n",
                MemoryMarkdown.render(List.of(new MemoryMarkdown.Entry("notes", "first line\n  second line"))));
    }
}
