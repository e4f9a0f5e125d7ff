package dev.memoria.transfer.control;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The keys (ids, scope and key, scope and name) a file has used so far, kept as 64-bit hashes in an
 * open-addressing table: 8-16 bytes a line, where a set of strings took about 120 bytes, and an import of
 * 1,000,000 facts must stay within a small heap. Two keys share a hash with a chance of about 3 in 10^8 at
 * 1,000,000 keys; such a pair is reported as a repeated key.
 */
final class SeenKeys {

    private long[] slots = new long[1 << 12];
    private int size;

    /** True when the key is new to the set. */
    boolean add(String key) {
        long hash = hash(key);
        if (size * 2 >= slots.length) {
            grow();
        }
        if (!insert(slots, hash)) {
            return false;
        }
        size++;
        return true;
    }

    private static boolean insert(long[] table, long hash) {
        int mask = table.length - 1;
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        while (table[slot] != 0) {
            if (table[slot] == hash) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        table[slot] = hash;
        return true;
    }

    private void grow() {
        long[] old = slots;
        long[] grown = new long[old.length * 2];
        Arrays.stream(old).filter(hash -> hash != 0).forEach(hash -> insert(grown, hash));
        slots = grown;
    }

    /** FNV-1a over the key's UTF-8 bytes, then a finalising mix; never 0, which marks an empty slot. */
    static long hash(String key) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        return hash == 0 ? 1 : hash;
    }
}
