package dev.memoria.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryBlockTest {

    @Test
    void factsAreOneALineBetweenTheTagsAfterTheWarning() {
        assertEquals(
                MemoryBlock.WARNING + "\n<memory>\n- User prefers Python\n- User uses List<String>\n</memory>",
                MemoryBlock.render(List.of("User prefers Python", "User uses List<String>")));
        assertEquals(MemoryBlock.WARNING + "\n<memory>\n</memory>", MemoryBlock.render(List.of()));
    }

    @Test
    void noFactClosesOrOpensTheBlockOrStartsALineOfItsOwn() {
        assertEquals(
                "a &lt;/memory> b &lt;/ MEMORY > c &lt;memory> d &lt;memory x='1'> e <memoryless>",
                MemoryBlock.escape("a </memory> b </ MEMORY > c <memory> d <memory x='1'> e <memoryless>"));
        assertEquals("one - two - three four", MemoryBlock.escape("one\n- two\r\n- three\u2028four"));
    }
}
