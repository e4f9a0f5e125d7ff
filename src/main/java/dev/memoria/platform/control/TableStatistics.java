package dev.memoria.platform.control;

import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Analyses the PostgreSQL tables a large write has grown to twice their size at their last analysis, or that
 * were never analysed, within a second of the write, on a timer thread: after a bulk load into a new
 * database autovacuum analyses only a minute later (a large table, only after it grew by a tenth), and the
 * statements whose plans follow the statistics (listing a scope, batch dedup's candidates) walked whole
 * scopes or tenants until then (a fresh load of 100,000 facts took 378 s, with this 107 s). Bounded: a check
 * only after a large write, and a table doubles only a few times.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class TableStatistics {

    private static final Logger LOG = Logger.getLogger(TableStatistics.class.getName());
    /** A write of at least this many facts (or imported lines) asks for a check. */
    public static final int LARGE_WRITE = 500;

    private final AtomicBoolean grown = new AtomicBoolean();

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Notes a large write of this transaction: its tables are checked within a second of its commit. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void grew() {
        // after the commit: an analysis before it would not count the write's rows, and not run again soon
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {}

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    grown.set(true);
                }
            }
        });
    }

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false, info = "memoria:statistics")
    void everySecond() {
        if (!grown.getAndSet(false)) {
            return;
        }
        try (Connection connection = dataSource.getConnection();
                Statement sql = connection.createStatement()) {
            List<String> stale = new ArrayList<>();
            // reltuples < 0: never analysed; relpages: the table's size at its last analysis (or vacuum)
            try (ResultSet tables = sql.executeQuery(
                    "SELECT relname FROM pg_class WHERE relnamespace = CAST(current_schema() AS regnamespace)"
                            + " AND relname IN ('fact', 'fact_term', 'scope_term', 'daily_log_entry', 'embedding_queue') AND (reltuples < 0"
                            + " OR pg_relation_size(oid) > 2 * relpages * CAST(current_setting('block_size') AS BIGINT))")) {
                while (tables.next()) {
                    stale.add(tables.getString(1));
                }
            }
            for (String table : stale) {
                long start = System.nanoTime();
                sql.execute("ANALYZE " + table);
                LOG.info(() -> "ANALYZE " + table + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
            }
        } catch (SQLException | RuntimeException e) { // the next large write tries again
            LOG.log(Level.WARNING, "Cannot analyse the tables", e);
        }
    }
}
