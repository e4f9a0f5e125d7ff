/**
 * Snapshots of a scope: create, restore, diff.
 */
package dev.memoria.snapshot;
