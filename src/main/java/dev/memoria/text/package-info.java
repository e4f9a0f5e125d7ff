/**
 * Text analysis into index terms (Lucene's English analysis), shared by dedup, supersession and the keyword index.
 */
package dev.memoria.text;
