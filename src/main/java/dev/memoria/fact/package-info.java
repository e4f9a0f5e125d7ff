/**
 * Facts: the entity and its versions, input, dedup, supersession, the repository, FactService and the facts
 * resource.
 */
package dev.memoria.fact;
