package dev.memoria.platform.boundary;

/** Token roles (the JWT "groups" claim). admin implies write, write implies read. */
public final class Roles {

    public static final String READ = "memory.read";
    public static final String WRITE = "memory.write";
    public static final String ADMIN = "memory.admin";

    private Roles() {}
}
