package dev.memoria.platform.control;

import dev.memoria.platform.devtools.DevKeys;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * For a newcomer without an identity provider: when the server trusts the dev key location (nobody set
 * MP_JWT_VERIFY_PUBLICKEY_LOCATION), make that key pair on first start, outside the repository.
 */
@Startup
@Singleton
public class DevKeyBootstrap {

    private static final Logger LOG = Logger.getLogger(DevKeyBootstrap.class.getName());

    @Inject
    @ConfigProperty(name = "mp.jwt.verify.publickey.location", defaultValue = "")
    String publicKeyLocation;

    @Inject
    @ConfigProperty(name = "memoria.dev.keys.dir", defaultValue = "")
    String devKeysDir;

    @PostConstruct
    void ensureDevKeys() {
        if (devKeysDir.isBlank() || !publicKeyLocation.equals("file:" + devKeysDir + "/" + DevKeys.PUBLIC_KEY_FILE)) {
            return;
        }
        try {
            if (DevKeys.ensure(Path.of(devKeysDir))) {
                LOG.warning("Created a DEVELOPMENT signing key pair in " + devKeysDir
                        + ". Set MP_JWT_VERIFY_PUBLICKEY_LOCATION and MP_JWT_VERIFY_ISSUER in production.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the development key pair in " + devKeysDir, e);
        }
    }
}
