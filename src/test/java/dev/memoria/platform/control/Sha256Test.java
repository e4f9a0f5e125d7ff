package dev.memoria.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class Sha256Test {

    @Test
    void theStandardTestVectorsInLowerCaseHex() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Sha256.hex("abc"));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.hex(""));
    }

    @Test
    void theTextIsHashedAsUtf8() {
        // "é" is c3 a9 in UTF-8: a platform charset would give another digest on some machines
        assertEquals("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c", Sha256.hex("\u00e9"));
    }
}
