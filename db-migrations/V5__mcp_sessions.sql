-- MCP sessions (Streamable HTTP "Mcp-Session-Id"), kept in the shared database so that any server
-- behind the load balancer can continue a session another one started.
CREATE TABLE mcp_session (
    tenant_id        VARCHAR(63)  NOT NULL,
    id               VARCHAR(36)  NOT NULL,
    protocol_version VARCHAR(16)  NOT NULL,
    subject          VARCHAR(300),
    created_at       TIMESTAMP    NOT NULL,
    last_used_at     TIMESTAMP    NOT NULL,
    CONSTRAINT pk_mcp_session PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ix_mcp_session_last_used ON mcp_session (last_used_at);
