package dev.memoria.platform.boundary;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.auth.LoginConfig;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

@ApplicationPath("/api/v1")
@LoginConfig(authMethod = "MP-JWT", realmName = "memoria")
@DeclareRoles({Roles.READ, Roles.WRITE, Roles.ADMIN})
@OpenAPIDefinition(
        info = @Info(title = "Memoria", version = "1",
                description = "Multi-tenant long-term memory for AI agents: facts, recall, daily logs, snapshots."),
        security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer", bearerFormat = "JWT")
public class MemoriaApplication extends Application {
}
