/**
 * MEMORY.md rendering and import.
 */
package dev.memoria.memorymd;
