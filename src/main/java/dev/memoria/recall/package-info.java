/**
 * The BM25 keyword index, search, hybrid recall and its calibrated scores, and the context block, over one
 * scope or several.
 */
package dev.memoria.recall;
