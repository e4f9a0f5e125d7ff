/**
 * Daily logs: every remember's entry, NDJSON days, pruning.
 */
package dev.memoria.dailylog;
