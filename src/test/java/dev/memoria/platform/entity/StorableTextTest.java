package dev.memoria.platform.entity;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StorableTextTest {

    @Test
    void everyCharacterIsStorableButNulAndALoneSurrogate() {
        assertTrue(StorableText.isStorable("card 4111 \ud83d\ude00 \ufeff \u200f \uffff \u0001"));
        assertTrue(StorableText.isStorable(""));
        assertFalse(StorableText.isStorable("a\u0000b"));
        assertFalse(StorableText.isStorable("\udc00x"), "a low surrogate first");
        assertFalse(StorableText.isStorable("x\ud800"), "a high surrogate last");
        assertFalse(StorableText.isStorable("\ud800\ud800\udc00"), "a high surrogate before a pair");
    }
}
