package dev.memoria.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolCatalogTest {

    @Test
    void formatsDifferOnlyInTheirWrapping() {
        List<AgentTool> tools = List.of(AgentTool.REMEMBER);
        JsonObject openAi = ToolCatalog.render(ToolCatalog.Format.OPENAI, tools).getJsonObject(0);
        JsonObject anthropic =
                ToolCatalog.render(ToolCatalog.Format.ANTHROPIC, tools).getJsonObject(0);
        assertEquals("function", openAi.getString("type"));
        assertEquals(
                openAi.getJsonObject("function").getJsonObject("parameters"), anthropic.getJsonObject("input_schema"));
        assertEquals(openAi.getJsonObject("function").getString("description"), anthropic.getString("description"));
    }

    @Test
    void mcpToolsTakeAScopeAndSayWhetherTheyWrite() {
        JsonArray mcp = ToolCatalog.render(ToolCatalog.Format.MCP, List.of(AgentTool.RECALL, AgentTool.RESTORE));
        JsonObject recall = mcp.getJsonObject(0);
        assertTrue(
                recall.getJsonObject("inputSchema").getJsonObject("properties").containsKey("scope"));
        assertTrue(recall.getJsonObject("annotations").getBoolean("readOnlyHint"));
        assertTrue(mcp.getJsonObject(1).getJsonObject("annotations").getBoolean("destructiveHint"));
        assertFalse(ToolCatalog.inputSchema(AgentTool.RECALL, false)
                .getJsonObject("properties")
                .containsKey("scope"));
    }

    @Test
    void requiredArgumentsAreDeclared() {
        assertEquals(
                "[\"query\"]",
                ToolCatalog.inputSchema(AgentTool.SEARCH_MEMORY, false)
                        .getJsonArray("required")
                        .toString());
        assertEquals(
                "[\"key_or_id\"]",
                ToolCatalog.inputSchema(AgentTool.DELETE_MEMORY, false)
                        .getJsonArray("required")
                        .toString());
        assertEquals(
                "[]",
                ToolCatalog.inputSchema(AgentTool.STATS, false)
                        .getJsonArray("required")
                        .toString());
    }
}
