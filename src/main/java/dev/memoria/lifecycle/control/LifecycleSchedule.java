package dev.memoria.lifecycle.control;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/**
 * Persistent EJB timers, stored in the application database: a missed run is replayed after a restart,
 * and servers sharing the database run each timer once, not once each.
 */
@Singleton
@DependsOn("DatabaseMigration")
public class LifecycleSchedule {

    @Inject
    JobRunner runner;

    @Schedule(hour = "*", minute = "*", persistent = true, info = "memoria:ttl")
    void evictExpired() {
        runner.run(JobKind.TTL);
    }

    @Schedule(hour = "*", minute = "7", persistent = true, info = "memoria:prune")
    void pruneLogs() {
        runner.run(JobKind.PRUNE);
    }

    @Schedule(hour = "3", minute = "17", persistent = true, info = "memoria:decay")
    void decay() {
        runner.run(JobKind.DECAY);
    }

    @Schedule(hour = "*", minute = "37", persistent = true, info = "memoria:capacity")
    void sweepCapacity() {
        runner.run(JobKind.CAPACITY);
    }
}
