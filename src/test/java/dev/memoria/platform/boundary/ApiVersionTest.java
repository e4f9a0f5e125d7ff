package dev.memoria.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The contract's major version is written in four places that must agree: the header every answer carries, the
 * OpenAPI document, the Python client's package version (its major) and the versions the Python client speaks.
 */
class ApiVersionTest {

    @Test
    void theHeaderTheOpenApiDocumentAndThePythonClientNameOneVersion() throws IOException {
        String openapi = Files.readString(Path.of("src/main/resources/META-INF/openapi.yaml"));
        assertEquals(ApiGate.API_VERSION, first(openapi, "(?m)^info:\\n(?:  .*\\n)*?  version: \"?([0-9.]+)\"?"));

        String pyproject = Files.readString(Path.of("src/clients/python/pyproject.toml"));
        String packageVersion = first(pyproject, "(?m)^version = \"([0-9][^\"]*)\"");
        assertEquals(ApiGate.API_VERSION, packageVersion.split("\\.")[0], "memoria-client's major version");

        String python = Files.readString(Path.of("src/clients/python/src/memoria/_version.py"));
        assertEquals(packageVersion, first(python, "__version__ = \"([^\"]+)\""));
        String spoken = first(python, "API_VERSIONS = \\(([^)]*)\\)");
        assertTrue(spoken.contains("\"" + ApiGate.API_VERSION + "\""), "the client speaks v" + ApiGate.API_VERSION);
    }

    private static String first(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertTrue(matcher.find(), "no match for " + regex);
        return matcher.group(1);
    }
}
