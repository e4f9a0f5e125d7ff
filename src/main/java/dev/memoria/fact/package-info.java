/**
 * Facts: the entity and its versions, input, dedup, the candidates supersession judges and what it decides, the
 * repository, RememberService and FactService, and the facts resource.
 */
package dev.memoria.fact;
