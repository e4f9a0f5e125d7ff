package dev.memoria.scope.entity;

import dev.memoria.platform.entity.DomainException;
import dev.memoria.platform.entity.PathNames;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A memory scope such as {@code global}, {@code user:42} or {@code agent:bot:user:42}: up to 8 segments
 * separated by ':', each 1-64 characters of [A-Za-z0-9._@-], never "." or "..".
 */
public record Scope(String value) {

    public static final int MAX_SEGMENTS = 8;
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9._@-]{1,64}");

    public Scope {
        String problem = problemWith(value);
        if (problem != null) {
            throw DomainException.invalid("scope", problem);
        }
    }

    public static Scope of(String value) {
        return new Scope(value);
    }

    /**
     * Distinct scopes from comma-separated names, in the order given (what {@code ?scopes=} takes): each a valid name,
     * at most {@code max} of them; anything else is invalid under the field {@code scopes}.
     */
    public static java.util.List<Scope> distinctList(String names, int max) {
        java.util.Set<String> distinct = new java.util.LinkedHashSet<>();
        for (String name : names.split(",", -1)) {
            String problem = problemWith(name.strip());
            if (problem != null) {
                throw DomainException.invalid("scopes", "'" + name.strip() + "': " + problem);
            }
            distinct.add(name.strip());
        }
        if (distinct.size() > max) {
            throw DomainException.invalid("scopes", "must name at most " + max + " distinct scopes");
        }
        return distinct.stream().map(Scope::of).toList();
    }

    /** Why the text is not a scope, or null when it is one. */
    public static String problemWith(String value) {
        if (value == null || value.isEmpty()) {
            return "must not be empty";
        }
        String[] segments = value.split(":", -1);
        if (segments.length > MAX_SEGMENTS) {
            return "must have at most " + MAX_SEGMENTS + " segments separated by ':'";
        }
        for (String segment : segments) {
            if (!SEGMENT.matcher(segment).matches()) {
                return "each ':'-separated segment must be 1-64 characters of letters, digits, '.', '_', '@' or '-'";
            }
            if (PathNames.isDotSegment(segment)) {
                return "a segment may not be '.' or '..'";
            }
        }
        return null;
    }

    public List<String> segments() {
        return Arrays.asList(value.split(":"));
    }

    /** True when this scope equals {@code other} or lies below it, compared segment by segment. */
    public boolean isWithin(Scope other) {
        List<String> mine = segments();
        List<String> theirs = other.segments();
        return mine.size() >= theirs.size() && mine.subList(0, theirs.size()).equals(theirs);
    }

    @Override
    public String toString() {
        return value;
    }
}
