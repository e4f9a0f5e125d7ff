package dev.memoria.tenant.entity;

/** A tenant's settings changed in the current transaction, from {@code before} to {@code after}. */
public record SettingsChanged(TenantSettings before, TenantSettings after) {}
