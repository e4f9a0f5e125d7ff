package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromptDataTest {

    @Test
    void itemsAreOneALineBetweenTheTagsAfterTheWarning() {
        assertEquals(
                "Data follows.\n<memory>\n- User uses List<String>\n- b\n</memory>",
                PromptData.block("Data follows.", "memory", List.of("- User uses List<String>", "- b")));
    }

    @Test
    void noItemClosesOrOpensABlockOrStartsALineOfItsOwn() {
        assertEquals(
                "a &lt;/memory> b &lt;/ Conversation > c &lt;memory x> d &lt;conversation> e <memoryless>",
                PromptData.escape("a </memory> b </ Conversation > c <memory x> d <conversation> e <memoryless>"));
        assertEquals("one [1] two three", PromptData.escape("one\n[1] two\r\nthree"));
    }
}
