/**
 * The request's tenant, bound once from its JWT, and the one way to the database: TenantEntityManager and
 * TenantSql, both bound to that tenant; tenant settings.
 */
package dev.memoria.tenant;
