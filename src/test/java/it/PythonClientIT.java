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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Python client (src/clients/python) as a user installs and runs it: pip installs the package into a fresh
 * virtual environment of the machine's Python, and its pytest suite (the client's own tests and the conformance
 * tests of its selectools, agentmemo and nodestep drop-ins) runs against the test server, with tokens of fresh
 * tenants in the environment. Without a Python that has httpx, pytest and venv it is skipped, unless the build says
 * Python is required ({@code -Dit.python.required=true}, as .ci/run does after installing Debian's packages).
 */
@ExtendWith(ArquillianExtension.class)
class PythonClientIT extends Deployments {

    private static final Path PROJECT = Path.of("src/clients/python");

    @Test
    void thePythonClientAndItsDropInsPassTheirTestsAgainstTheServer() {
        String python = python();
        Path venv = Path.of("target/python-venv").toAbsolutePath();
        run(List.of(python, "-m", "venv", "--clear", "--system-site-packages", venv.toString()), Map.of(), 2);
        String venvPython = venv.resolve("bin/python").toString();
        // pip builds in the folder it installs from: a copy keeps build/ and *.egg-info out of src/
        Path source = copyOfThePackage(Path.of("target/python-client").toAbsolutePath());
        run(
                List.of(
                        venvPython,
                        "-m",
                        "pip",
                        "install",
                        "--quiet",
                        "--no-build-isolation",
                        "--no-index",
                        "--no-deps",
                        source.toString()),
                Map.of(),
                3);

        String tenant = Tokens.newTenant("python");
        String output = run(
                List.of(
                        venvPython,
                        "-m",
                        "pytest",
                        "-p",
                        "no:cacheprovider",
                        "-rs",
                        "-q",
                        source.resolve("tests").toString()),
                Map.of(
                        "MEMORIA_URL", Api.serverBase().toString(),
                        "MEMORIA_TOKEN", Tokens.token(tenant, Tokens.ALL_ROLES),
                        "MEMORIA_IT_READ_TOKEN", Tokens.token(tenant, List.of("memory.read")),
                        "MEMORIA_IT_OTHER_TOKEN", Tokens.token(Tokens.newTenant("pyother"), Tokens.ALL_ROLES),
                        "MEMORIA_IT_REQUIRED", "true"),
                10);
        assertTrue(output.contains(" passed"), output);
        assertTrue(!output.contains(" skipped") && !output.contains(" failed"), output);
    }

    private static Path copyOfThePackage(Path target) {
        try {
            if (Files.exists(target)) {
                try (var old = Files.walk(target)) {
                    old.sorted(java.util.Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            }
            try (var files = Files.walk(PROJECT)) {
                for (Path file : files.filter(p -> !p.toString().contains("__pycache__")
                                && !p.toString().contains(".egg-info")
                                && !PROJECT.relativize(p).startsWith("build"))
                        .toList()) {
                    Path copy = target.resolve(PROJECT.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(file, copy);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first Python with httpx, pytest, setuptools and venv: it.python, then Debian's, then the one on PATH. */
    private static String python() {
        List<String> candidates = List.of(System.getProperty("it.python", "/usr/bin/python3"), "python3");
        for (String candidate : candidates) {
            try {
                Process probe = new ProcessBuilder(candidate, "-c", "import httpx, pytest, setuptools, venv, ensurepip")
                        .redirectErrorStream(true)
                        .start();
                if (probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0) {
                    return candidate;
                }
            } catch (IOException e) {
                // not installed: try the next
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        String missing = "no Python with httpx, pytest, setuptools and venv "
                + "(apt-get install python3-httpx python3-pytest python3-setuptools python3-venv)";
        if (Boolean.getBoolean("it.python.required")) {
            Assertions.fail("The Python client's tests need Python here: " + missing);
        }
        Assumptions.assumeTrue(false, "Python client tests skipped: " + missing);
        return null;
    }

    /** Runs a step of a user's install with the machine's environment, less a PYTHONPATH that would shadow the venv. */
    private static String run(List<String> command, Map<String, String> environment, int minutes) {
        return ChildProcess.succeeds(
                command,
                env -> {
                    env.putAll(environment);
                    env.remove("PYTHONPATH");
                },
                Duration.ofMinutes(minutes));
    }
}
