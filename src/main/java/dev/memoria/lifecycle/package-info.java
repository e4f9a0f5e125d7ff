/**
 * Decay, capacity, TTL and pruning jobs on persistent timers, and the test hooks.
 */
package dev.memoria.lifecycle;
