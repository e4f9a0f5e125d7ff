package dev.memoria.window.entity;

import java.time.Instant;

/**
 * A conversation's window in a scope: the opaque text a chat memory replaces whole on every turn. Content is null
 * in a list, which carries only ids, sizes and times.
 */
public record ConversationWindow(String scope, String id, String content, int size, Instant updatedAt) {}
