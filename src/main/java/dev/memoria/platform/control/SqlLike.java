package dev.memoria.platform.control;

/** LIKE patterns from user text: every statement escapes with '\' (ESCAPE '\' where the database needs it said). */
public final class SqlLike {

    private SqlLike() {}

    /** The text with LIKE's wildcards and the escape character escaped by '\'. */
    public static String escape(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
