package dev.memoria.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures the last-line mapper answers with a 503 to retry rather than a 500. */
class ThrowablesTest {

    @Test
    void aDeadlockDeepInTheCauseChainIsATransientConflict() {
        var deadlock = new SQLException("deadlock detected", "40P01");
        assertTrue(Throwables.isTransientConflict(new PersistenceException(new RuntimeException(deadlock))));
    }

    @Test
    void aSerializationFailureBehindABatchIsOneToo() {
        var batch = new BatchUpdateException("batch entry 3 was aborted", "08000", new int[0]);
        batch.setNextException(new SQLException("could not serialize access", "40001"));
        assertTrue(Throwables.isTransientConflict(new PersistenceException(batch)));
    }

    @Test
    void anyOtherDatabaseFailureIsNot() {
        assertFalse(Throwables.isTransientConflict(
                new PersistenceException(new SQLException("relation does not exist", "42P01"))));
        assertFalse(Throwables.isTransientConflict(new IllegalStateException("no SQL at all")));
    }
}
