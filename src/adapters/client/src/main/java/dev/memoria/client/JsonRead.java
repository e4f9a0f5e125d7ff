package dev.memoria.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Typed reads of the maps {@link Json} parses. */
final class JsonRead {

    private JsonRead() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalArgumentException("expected a JSON object, got " + value);
    }

    static Map<String, Object> object(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v == null ? null : object(v);
    }

    static String string(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v == null ? null : v.toString();
    }

    static long longValue(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v instanceof Number n ? n.longValue() : 0L;
    }

    static int intValue(Map<String, Object> o, String name) {
        return (int) longValue(o, name);
    }

    static double doubleValue(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v instanceof Number n ? n.doubleValue() : 0.0;
    }

    static Double nullableDouble(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v instanceof Number n ? n.doubleValue() : null;
    }

    static Long nullableLong(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v instanceof Number n ? n.longValue() : null;
    }

    static boolean bool(Map<String, Object> o, String name) {
        return Boolean.TRUE.equals(o.get(name));
    }

    static Instant instant(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v == null ? null : Instant.parse(v.toString());
    }

    static List<String> strings(Map<String, Object> o, String name) {
        return list(o, name, Object::toString);
    }

    static <T> List<T> list(Map<String, Object> o, String name, Function<Object, T> item) {
        Object v = o.get(name);
        if (!(v instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(item).toList();
    }

    static <T> List<T> objects(Map<String, Object> o, String name, Function<Map<String, Object>, T> item) {
        return list(o, name, v -> item.apply(object(v)));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Long> counts(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (!(v instanceof Map<?, ?> map)) {
            return Map.of();
        }
        var out = new java.util.LinkedHashMap<String, Long>();
        ((Map<String, Object>) map).forEach((k, n) -> out.put(k, n instanceof Number num ? num.longValue() : 0L));
        return java.util.Collections.unmodifiableMap(out);
    }
}
