/**
 * Tool definitions, tool calls and the MCP server.
 */
package dev.memoria.agent;
