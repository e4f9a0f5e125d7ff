package dev.memoria.springai;

import java.util.function.Supplier;

/**
 * Supplies the bearer token for each request to Memoria, so a token that expires can be renewed (from an OAuth2
 * client, say). A bean of this type wins over {@code memoria.token}.
 */
@FunctionalInterface
public interface MemoriaTokenSupplier extends Supplier<String> {}
