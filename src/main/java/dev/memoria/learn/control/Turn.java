package dev.memoria.learn.control;

/** One message of a conversation handed to learn. */
public record Turn(String role, String content) {

    public boolean isUser() {
        return "user".equals(role);
    }
}
