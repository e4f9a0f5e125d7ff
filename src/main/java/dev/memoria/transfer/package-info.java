/**
 * A tenant's export and import as JSON lines.
 */
package dev.memoria.transfer;
