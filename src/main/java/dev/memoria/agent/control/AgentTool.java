package dev.memoria.agent.control;

import java.util.Arrays;
import java.util.Optional;

/** The memory tools an agent can call, with the role each one needs. */
public enum AgentTool {
    REMEMBER(true),
    RECALL(false),
    SEARCH_MEMORY(false),
    LIST_MEMORIES(false),
    DELETE_MEMORY(true),
    STATS(false),
    SNAPSHOT(true),
    RESTORE(true);

    private final boolean writes;

    AgentTool(boolean writes) {
        this.writes = writes;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** True when the tool changes memory and so needs memory.write. */
    public boolean writes() {
        return writes;
    }

    public static Optional<AgentTool> fromWire(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName().equals(name)).findFirst();
    }
}
