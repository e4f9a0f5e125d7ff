/**
 * Learning facts from a conversation: the rule extractor and the LLM gateway.
 */
package dev.memoria.learn;
