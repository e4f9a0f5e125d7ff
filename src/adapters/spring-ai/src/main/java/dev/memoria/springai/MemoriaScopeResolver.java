package dev.memoria.springai;

/**
 * Whose memory a conversation is: maps a Spring AI conversation id ({@code ChatMemory.CONVERSATION_ID}) to the
 * Memoria scope of the user the conversation is with, such as {@code user:42}. The advisor recalls from that scope
 * and learns into it, and the chat memory repository keeps the conversation's window there (so erasing the user
 * erases it). Every conversation of one user maps to that user's one scope; a conversation id is not a scope.
 *
 * <p>The one thing to configure: the auto-configuration declares none, and the application does not start without
 * one. For example, from the signed-in user ({@code conversationId -> "user:" + currentUser().getId()}, when the
 * chat runs on the request's thread), or from conversation ids that carry the user ({@code 42/chat-7 -> user:42}).
 * Refuse (throw) a conversation id that does not belong to the current user.
 */
@FunctionalInterface
public interface MemoriaScopeResolver {

    String scopeOf(String conversationId);
}
