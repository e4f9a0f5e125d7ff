package dev.memoria.scope.entity;

/** A scope is being emptied in the current transaction: facts, logs, snapshots and all that derives from them. */
public record ScopeCleared(String scope) {}
