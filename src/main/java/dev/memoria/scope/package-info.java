/**
 * Scope names, which scopes a token reaches, and the scope registry that creates and locks a scope's row.
 */
package dev.memoria.scope;
