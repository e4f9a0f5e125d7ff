package it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.ChildProcess;
import it.support.Deployments;
import it.support.Tokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Java client and its LangChain4j and Spring AI adapters (src/adapters), driven against the test server as an
 * application drives them. Their scenarios (each module's tests in a package {@code …scenarios}) run in a JVM of
 * their own on the module's own test class path, which the nested build wrote to target/adapters: Spring Boot 4,
 * Jackson 3 and LangChain4j never meet Arquillian's and Liberty's test class path, and each adapter is tested with
 * exactly the dependencies a user's build resolves for it. Each run gets a fresh tenant.
 */
@ExtendWith(ArquillianExtension.class)
class JavaAdaptersIT extends Deployments {

    @Test
    void theClientServesEveryCallItOffers() {
        scenarios("memoria-client", "dev.memoria.client.scenarios");
    }

    @Test
    void aLangChain4jAgentRecallsRemembersAndLearns() {
        scenarios("memoria-langchain4j", "dev.memoria.langchain4j.scenarios");
    }

    @Test
    void aSpringAiChatClientRecallsRemembersAndLearns() {
        scenarios("memoria-spring-ai", "dev.memoria.springai.scenarios");
    }

    private static void scenarios(String module, String scenarioPackage) {
        Path adapters = Path.of(System.getProperty("it.adapters.dir"));
        String moduleDir = module.substring("memoria-".length());
        Path testClasses = adapters.resolveSibling("adapters-build")
                .resolve("adapters")
                .resolve(moduleDir)
                .resolve("target/test-classes");
        String classPath;
        try {
            classPath = testClasses
                    + java.io.File.pathSeparator
                    + adapters.resolveSibling(module + ".jar")
                    + java.io.File.pathSeparator
                    + Files.readString(adapters.resolve(module + ".classpath")).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("the nested build of src/adapters did not run: " + e.getMessage(), e);
        }
        assertTrue(Files.isDirectory(testClasses), "no scenarios compiled at " + testClasses);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-Dmemoria.it.url=" + Api.serverBase(),
                "-cp",
                classPath,
                "org.junit.platform.console.ConsoleLauncher",
                "execute",
                "--disable-banner",
                "--disable-ansi-colors",
                "--details=tree",
                "--fail-if-no-tests",
                "--select-package=" + scenarioPackage));
        String token = Tokens.token(Tokens.newTenant(moduleDir.replace("-", "")), Tokens.ALL_ROLES);
        String output = ChildProcess.succeeds(
                command,
                env -> {
                    env.put("MEMORIA_IT_TOKEN", token);
                    // what the sample agents of java.md read, as a user runs them
                    env.put("MEMORIA_URL", Api.serverBase().toString());
                    env.put("MEMORIA_TOKEN", token);
                },
                Duration.ofMinutes(5));
        assertTrue(output.contains("tests successful"), output);
    }
}
