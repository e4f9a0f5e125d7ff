package dev.memoria.tenant.control;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.Query;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The one place native SQL and JDBC meet the tenant; JPQL is filtered by EclipseLink's multitenancy. Statements
 * never name the tenant column themselves, they say where the tenant goes:
 * <ul>
 * <li>{@code {tenant}} (or {@code {f.tenant}} for a table alias): {@code tenant_id = ?}, bound here to the tenant;</li>
 * <li>{@code {tenant_value}}: a {@code ?} bound to the tenant, for the values of an insert;</li>
 * <li>{@code {tenant_id}} (or {@code {f.tenant_id}}): the bare column, for column lists, joins and conflict
 * targets.</li>
 * </ul>
 * Callers number their own parameters from 1 as if the bound markers were not there (JPA's {@code ?1} numbering is
 * kept). The tenant is the request's ({@link TenantContext}) unless a worker names the tenant whose rows it writes. Statements that read or write
 * every tenant's rows (the embedding worker, the operator's overview) go through {@link #everyTenant}, so an
 * audit of isolation reads this class and the callers of that one method.
 */
@ApplicationScoped
public class TenantSql {

    private static final String COLUMN = "tenant_id";

    /** Rows a JDBC batch sends at once: large enough to save round trips, small enough to bound the driver's buffer. */
    public static final int ROWS_PER_BATCH = 500;

    private static final Pattern MARKER =
            Pattern.compile("\\{(?:(\\w+)\\.)?(tenant|tenant_value|tenant_id)}|\\?(\\d*)");

    /** Statements are expanded once: recall runs the same few hundreds of times a second. */
    private static final Cache<String, Expanded> EXPANDED =
            Caffeine.newBuilder().maximumSize(4096).build();

    @Inject
    TenantEntityManager db;

    @Resource(lookup = "jdbc/memoria")
    DataSource dataSource;

    /** JDBC work on a connection it is given, its statements prepared through this class. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /**
     * Runs JDBC work on a pooled connection of its own (enlisted in the caller's transaction, when there is one):
     * the embedding worker's steps, the timers' sweeps and the console's reads over every tenant. With
     * {@link #withRequestConnection} the one place where their {@link SQLException} becomes a
     * {@link PersistenceException} that says what could not be done.
     */
    public <T> T withOwnConnection(String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw new PersistenceException("Cannot " + what, e);
        }
    }

    /** Runs JDBC work on the request's connection: the transaction's, or the read block's outside one. */
    public <T> T withRequestConnection(String what, Work<T> work) {
        try {
            return work.run(db.connection());
        } catch (SQLException e) {
            throw new PersistenceException("Cannot " + what, e);
        }
    }

    /**
     * A statement with its markers replaced, twice: for JDBC (each parameter a plain {@code ?}, with the JDBC
     * index of each caller parameter and of each tenant one) and for JPA (numbered: the caller's keep their
     * numbers, the tenant is the number after the last of them).
     */
    record Expanded(String jdbc, String jpa, int tenantNumber, List<Integer> tenantParameters, int[] callerParameters) {

        /** The JDBC index of the caller's parameter {@code index} (from 1). */
        int parameter(int index) {
            if (index < 1 || index > callerParameters.length) {
                throw new IllegalArgumentException("The statement has no parameter " + index + ": " + jdbc);
            }
            return callerParameters[index - 1];
        }
    }

    static Expanded expand(String sql) {
        return EXPANDED.get(sql, TenantSql::expandNow);
    }

    private static Expanded expandNow(String sql) {
        Matcher marker = MARKER.matcher(sql);
        int highest = 0;
        int plain = 0;
        while (marker.find()) {
            if (marker.group(2) == null) {
                highest = Math.max(highest, marker.group(3).isEmpty() ? ++plain : Integer.parseInt(marker.group(3)));
            }
        }
        int tenantNumber = highest + 1;
        StringBuilder jdbc = new StringBuilder(sql.length() + 32);
        StringBuilder jpa = new StringBuilder(sql.length() + 32);
        List<Integer> tenant = new ArrayList<>();
        List<Integer> caller = new ArrayList<>();
        int parameter = 0;
        int next = 0;
        int last = 0;
        marker.reset();
        while (marker.find()) {
            String between = sql.substring(last, marker.start());
            jdbc.append(between);
            jpa.append(between);
            last = marker.end();
            String alias = marker.group(1) == null ? "" : marker.group(1) + ".";
            if (marker.group(2) == null) {
                caller.add(++parameter);
                jdbc.append('?');
                jpa.append('?').append(marker.group(3).isEmpty() ? ++next : Integer.parseInt(marker.group(3)));
            } else if (marker.group(2).equals("tenant_id")) {
                jdbc.append(alias).append(COLUMN);
                jpa.append(alias).append(COLUMN);
            } else {
                tenant.add(++parameter);
                String condition = marker.group(2).equals("tenant") ? alias + COLUMN + " = " : "";
                jdbc.append(condition).append('?');
                jpa.append(condition).append('?').append(tenantNumber);
            }
        }
        jdbc.append(sql.substring(last));
        jpa.append(sql.substring(last));
        return new Expanded(
                jdbc.toString(),
                jpa.toString(),
                tenantNumber,
                List.copyOf(tenant),
                caller.stream().mapToInt(Integer::intValue).toArray());
    }

    /** A tenant's statement: one that does not say where its tenant goes would read or write every tenant's rows. */
    private static Expanded bound(String sql) {
        Expanded expanded = expand(sql);
        if (expanded.tenantParameters().isEmpty()) {
            throw new IllegalArgumentException("A tenant's statement binds no {tenant} or {tenant_value}: " + sql);
        }
        return expanded;
    }

    /** The statement as JDBC gets it. Public for PlansWithoutStatisticsIT, which explains the index's statements. */
    public static String jdbc(String sql) {
        return expand(sql).jdbc();
    }

    /** A native query of the request's tenant, through the tenant's EntityManager. */
    public Query query(String sql) {
        Expanded expanded = bound(sql);
        Query query = db.get().createNativeQuery(expanded.jpa());
        if (!expanded.tenantParameters().isEmpty()) {
            query.setParameter(expanded.tenantNumber(), db.tenantId());
        }
        return query;
    }

    /** A JDBC statement of the request's tenant on the transaction's connection. */
    public PreparedStatement prepare(String sql) throws SQLException {
        return prepare(db.connection(), db.tenantId(), sql);
    }

    /** A JDBC statement of the request's tenant on the given connection. */
    public PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        return prepare(connection, db.tenantId(), sql);
    }

    /** A JDBC statement of the named tenant (a worker's) on the given connection. */
    public PreparedStatement prepare(Connection connection, String tenantId, String sql) throws SQLException {
        Expanded expanded = bound(sql);
        PreparedStatement statement = connection.prepareStatement(expanded.jdbc());
        return (PreparedStatement) Proxy.newProxyInstance(
                TenantSql.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                new TenantBinding(statement, expanded, tenantId));
    }

    /** Reads the current row of a result set into a value. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /**
     * The rows a read of the request's tenant finds, each read by {@code reader}, on the transaction's (or read
     * block's) connection: the JDBC loop a plain read would write out again. The parameters bind in order, an
     * {@link Instant} as a timestamp; none may be null.
     */
    public <T> List<T> list(String sql, RowReader<T> reader, Object... parameters) {
        return list(db.connection(), db.tenantId(), 0, sql, reader, parameters);
    }

    /** As {@link #list(String, RowReader, Object...)}, the first {@code limit} rows only. */
    public <T> List<T> firstRows(int limit, String sql, RowReader<T> reader, Object... parameters) {
        return list(db.connection(), db.tenantId(), limit, sql, reader, parameters);
    }

    /** The rows a read of the named tenant finds on the given connection, at most {@code limit} (0: all). */
    <T> List<T> list(
            Connection connection, String tenantId, int limit, String sql, RowReader<T> reader, Object... parameters) {
        try (PreparedStatement statement = prepare(connection, tenantId, sql)) {
            statement.setMaxRows(limit);
            return rows(statement, sql, reader, parameters);
        } catch (SQLException e) {
            throw new PersistenceException("Cannot read " + sql, e);
        }
    }

    /** The rows a read over every tenant's rows finds (see {@link #everyTenant}), parameters bound as by {@link #list}. */
    public <T> List<T> everyTenantRows(Connection connection, String sql, RowReader<T> reader, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = everyTenant(connection, sql)) {
            return rows(statement, sql, reader, parameters);
        }
    }

    /** Runs a write over every tenant's rows (see {@link #everyTenant}); returns the rows it changed. */
    public int everyTenantUpdate(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = everyTenant(connection, sql)) {
            bind(statement, sql, parameters);
            return statement.executeUpdate();
        }
    }

    /**
     * Runs a statement of the request's tenant once per row, as JDBC batches of {@value #ROWS_PER_BATCH} rows;
     * each row's values bind in order (null allowed, an {@link Instant} as a timestamp). Returns the rows changed.
     */
    public long batch(String sql, List<Object[]> rows) {
        return withRequestConnection(
                "write a batch of rows", connection -> batch(connection, db.tenantId(), sql, rows));
    }

    /** As {@link #batch(String, List)}, for the named tenant (a worker's) on the given connection. */
    public long batch(Connection connection, String tenantId, String sql, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return 0;
        }
        long changed = 0;
        try (PreparedStatement statement = prepare(connection, tenantId, sql)) {
            for (int i = 0; i < rows.size(); i++) {
                Object[] row = rows.get(i);
                for (int column = 0; column < row.length; column++) {
                    statement.setObject(
                            column + 1, row[column] instanceof Instant instant ? Timestamp.from(instant) : row[column]);
                }
                statement.addBatch();
                if ((i + 1) % ROWS_PER_BATCH == 0 || i == rows.size() - 1) {
                    for (int count : statement.executeBatch()) {
                        changed += count;
                    }
                }
            }
        }
        return changed;
    }

    private static <T> List<T> rows(PreparedStatement statement, String sql, RowReader<T> reader, Object... parameters)
            throws SQLException {
        bind(statement, sql, parameters);
        List<T> found = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                found.add(reader.read(rows));
            }
        }
        return found;
    }

    /** Binds the parameters in order, an {@link Instant} as a timestamp; none may be null. */
    private static void bind(PreparedStatement statement, String sql, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value == null) {
                throw new IllegalArgumentException("Parameter " + (i + 1) + " is null: " + sql);
            }
            statement.setObject(i + 1, value instanceof Instant instant ? Timestamp.from(instant) : value);
        }
    }

    /**
     * A statement over every tenant's rows: {@code {tenant_id}} names the column, and nothing is bound. Only the
     * embedding worker, backfill over all tenants and the operator's console use it.
     */
    public PreparedStatement everyTenant(Connection connection, String sql) throws SQLException {
        Expanded expanded = expand(sql);
        if (!expanded.tenantParameters().isEmpty()) {
            throw new IllegalArgumentException("A statement over every tenant binds no tenant: " + sql);
        }
        return connection.prepareStatement(expanded.jdbc());
    }

    /** Numbers the caller's parameters past the tenant's and binds the tenant again after a batch or a clear. */
    private static final class TenantBinding implements InvocationHandler {
        private final PreparedStatement statement;
        private final Expanded expanded;
        private final String tenantId;

        TenantBinding(PreparedStatement statement, Expanded expanded, String tenantId) throws SQLException {
            this.statement = statement;
            this.expanded = expanded;
            this.tenantId = tenantId;
            bindTenant();
        }

        private void bindTenant() throws SQLException {
            for (int parameter : expanded.tenantParameters()) {
                statement.setString(parameter, tenantId);
            }
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
            // the parameter setters (setString(int, String), ...) are PreparedStatement's own methods
            if (arguments != null
                    && arguments.length >= 2
                    && arguments[0] instanceof Integer index
                    && method.getDeclaringClass() == PreparedStatement.class
                    && method.getName().startsWith("set")) {
                arguments[0] = expanded.parameter(index);
            }
            try {
                Object result = method.invoke(statement, arguments);
                if (method.getName().equals("clearParameters")
                        || method.getName().equals("addBatch")) {
                    bindTenant();
                }
                return result;
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
