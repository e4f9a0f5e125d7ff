/**
 * Supersession: whether a newer statement replaces the value an older one states, read from the two texts alone
 * (frames for any attribute, rules for residence), with the evidence of each decision. It knows no fact, scope or
 * database: the fact component offers it candidates and records what it decides.
 */
package dev.memoria.supersession;
