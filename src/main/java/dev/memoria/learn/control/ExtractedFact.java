package dev.memoria.learn.control;

import dev.memoria.fact.entity.FactType;

/**
 * A fact an extractor found, before dedup decides whether it is new.
 *
 * @param turn index of the conversation turn it came from, or -1 when the extractor did not say
 */
public record ExtractedFact(String content, FactType type, double importance, String category, int turn) {}
