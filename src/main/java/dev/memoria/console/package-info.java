/**
 * The support console: pages, console users and sessions, the cross-tenant overview.
 */
package dev.memoria.console;
