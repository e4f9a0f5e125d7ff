package dev.memoria.platform.boundary;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.auth.LoginConfig;

@ApplicationPath("/api/v1")
@LoginConfig(authMethod = "MP-JWT", realmName = "memoria")
@DeclareRoles({Roles.READ, Roles.WRITE, Roles.ADMIN})
public class MemoriaApplication extends Application {}
