package dev.memoria.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.memoria.platform.control.FieldReader;
import dev.memoria.platform.entity.DomainException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Query parameters read one way everywhere: a time (as_of) by the body's rule, a flag as true, false or absent. */
class QueryParamsTest {

    @ParameterizedTest
    @ValueSource(strings = {"+99999-01-01T00:00:00Z", "0000-12-31T23:59:59Z", "2026-13-01T00:00:00Z", "yesterday"})
    void aTimeNoBodyWouldTakeIsRefusedInAQueryToo(String time) {
        DomainException refused = assertThrows(DomainException.class, () -> QueryParams.time("as_of", time));
        assertEquals(FieldReader.timeOf(time), java.util.Optional.empty());
        assertEquals("as_of", refused.errors().get(0).field());
        assertEquals(FieldReader.TIME_PROBLEM, refused.errors().get(0).message());
    }

    @Test
    void aTimeIsKeptToTheMicrosecondAsTheDatabaseKeepsIt() {
        assertEquals(
                Instant.parse("2026-03-13T09:15:00.123456Z"),
                QueryParams.time("as_of", " 2026-03-13T10:15:00.123456789+01:00 "));
        assertNull(QueryParams.time("as_of", " "));
    }

    @Test
    void aFlagIsTrueFalseOrAbsent() {
        assertEquals(Boolean.TRUE, QueryParams.optionalFlag("persistent", " true"));
        assertEquals(Boolean.FALSE, QueryParams.optionalFlag("persistent", "false"));
        assertNull(QueryParams.optionalFlag("persistent", ""));
        assertEquals(true, QueryParams.flag("dry_run", null, true));
        DomainException refused = assertThrows(DomainException.class, () -> QueryParams.flag("dry_run", "yes", false));
        assertEquals("dry_run", refused.errors().get(0).field());
    }
}
