package dev.memoria.springai;

/**
 * Maps a Spring AI conversation id ({@code ChatMemory.CONVERSATION_ID}, {@code "default"} when none is given) to the
 * Memoria scope of its long-term facts. The default is the id itself, so ids such as {@code user:42} work as they are;
 * declare a bean of this type to map them otherwise (by the signed-in user, say).
 */
@FunctionalInterface
public interface MemoriaScopeResolver {

    String scopeOf(String conversationId);
}
