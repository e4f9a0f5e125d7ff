package it.support;

import dev.memoria.platform.devtools.DevKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Creates the test signing key pair before any test runs, so the managed server (started by the first
 * Arquillian test) finds the public key its MP_JWT_VERIFY_PUBLICKEY_LOCATION names.
 */
public class TestKeys implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String dir = System.getProperty("it.keys.dir");
        if (dir == null) {
            return; // unit tests: no server, no keys
        }
        try {
            DevKeys.ensure(Path.of(dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
