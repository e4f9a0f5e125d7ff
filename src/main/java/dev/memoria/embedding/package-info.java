/**
 * Embedding models, the queue and worker, vectors, the per-server vector cache and search by meaning.
 */
package dev.memoria.embedding;
