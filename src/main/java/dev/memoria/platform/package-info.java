/**
 * What every component stands on: the JAX-RS application, roles, problem+json mappers and filters, the
 * domain's failures, database readiness and migration, the clock, time-ordered ids and the dev keys.
 */
package dev.memoria.platform;
