package dev.memoria.fact.control;

import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Writes recall's counted uses of facts every second, and once more when the server stops. */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class PendingAccessWriter {

    private static final Logger LOG = Logger.getLogger(PendingAccessWriter.class.getName());

    @Inject
    PendingAccesses accesses;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false, info = "memoria:accesses")
    void everySecond() {
        writeAll();
    }

    @PreDestroy
    void atStop() {
        writeAll();
    }

    private void writeAll() {
        for (String tenantId : accesses.tenantsPending()) {
            try {
                accesses.writeNow(tenantId);
            } catch (RuntimeException failure) {
                LOG.log(
                        Level.WARNING,
                        "Uses of facts of tenant " + tenantId + " stay in memory for the next try",
                        failure);
            }
        }
    }
}
