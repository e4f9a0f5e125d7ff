/**
 * The deletion audit log (GET /audit) and each tenant's key for the digests of deleted identifiers.
 */
package dev.memoria.audit;
