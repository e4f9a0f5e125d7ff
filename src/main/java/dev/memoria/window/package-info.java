/**
 * Conversation windows: a chat's turns kept whole under a conversation id, written with If-Match.
 */
package dev.memoria.window;
