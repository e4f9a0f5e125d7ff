/**
 * Tenant quotas (facts, scopes, request rates) and GET /tenant/quotas.
 */
package dev.memoria.quota;
