/**
 * Clearing a scope and erasing a data subject, with receipts.
 */
package dev.memoria.erasure;
