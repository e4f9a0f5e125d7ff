package it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A command run outside the test JVM (a client's own test suite, a package installer), as a user would run it:
 * bounded in time, its output printed, and failed unless it exits 0.
 */
public final class ChildProcess {

    private ChildProcess() {}

    /**
     * Runs {@code command} with the environment {@code environment} leaves (given the test JVM's own) and returns its
     * output (standard output and error together) once it exits 0 within {@code limit}.
     */
    public static String succeeds(List<String> command, Consumer<Map<String, String>> environment, Duration limit) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        environment.accept(builder.environment());
        String what = String.join(" ", command);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
            if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(what + " did not finish within " + limit + ":\n" + out.getNow(""));
            }
            String output = out.get();
            System.out.println(output);
            assertEquals(0, process.exitValue(), () -> what + " failed:\n" + output);
            return output;
        } catch (IOException | ExecutionException e) {
            throw new AssertionError(what + " could not run", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
