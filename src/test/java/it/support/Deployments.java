package it.support;

import java.io.File;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Base of every integration test: deploys the WAR that `package` built, exactly as shipped, to the one
 * managed Liberty of the phase. Tests talk to it over HTTP only, as clients do.
 */
public abstract class Deployments {

    @Deployment(testable = false)
    public static WebArchive memoria() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("it.war")));
    }
}
