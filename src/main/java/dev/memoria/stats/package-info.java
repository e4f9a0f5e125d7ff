/**
 * A scope's numbers (GET /stats).
 */
package dev.memoria.stats;
