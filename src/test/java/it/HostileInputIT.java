package it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.support.Api;
import it.support.Deployments;
import it.support.Tokens;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Property-based hostile-input tests: whatever the body, query, path, header, method or token, the server
 * never answers 5xx, never hangs, answers every 4xx as an RFC 9457 problem (type, title, status, detail),
 * and a refused write leaves the tenant exactly as it was (its scopes, every fact of every scope, its
 * snapshots and settings).
 *
 * <p>The cases come from jqwik {@link Arbitrary arbitraries} driven by one seeded {@link Random}, inside
 * ordinary Jupiter tests: the Arquillian container lives only in the Jupiter engine, so jqwik's own
 * property engine is not used. {@code -Dhostile.seed=N} replays a run (the seed is printed, and every
 * failure names its seed, case number and a curl line); {@code -Dhostile.cases=N} sets the cases per
 * family (default 130) and {@code -Dhostile.timeout.ms} the longest answer counted as not hanging.
 * Failures are collected per family and reported together, so one run lists every class of failure.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileInputIT extends Deployments {

    private static final long SEED = Long.getLong("hostile.seed", 20261201L);
    private static final int CASES = Integer.getInteger("hostile.cases", 130);
    private static final int TIMEOUT_MS = Integer.getInteger("hostile.timeout.ms", 30_000);
    private static final int GEN_SIZE = 1000;
    private static final int PORT = Integer.parseInt(System.getProperty("it.http.port", "9080"));
    private static final String SCOPE = "user:1";
    private static final String S = "/api/v1/scopes/" + SCOPE;

    private static Fixture fixture;

    /** The tenant every family works in: a seed fact (with a key), a snapshot and an MCP session. */
    private record Fixture(String tenant, String token, String factId, String mcpSession) {}

    /** One request exactly as sent on the wire. */
    private record Req(String label, String method, String path, Map<String, String> headers, byte[] body) {

        boolean writes() {
            return !method.equals("GET") && !method.equals("HEAD") && !method.equals("OPTIONS");
        }

        String curl() {
            StringBuilder curl = new StringBuilder("curl -i -X ")
                    .append(method)
                    .append(" 'http://localhost:")
                    .append(PORT)
                    .append(path)
                    .append('\'');
            headers.forEach((name, value) -> curl.append(" -H '")
                    .append(name)
                    .append(": ")
                    .append(name.equalsIgnoreCase("Authorization") ? "Bearer $TOKEN" : excerpt(value, 200))
                    .append('\''));
            if (body != null) {
                curl.append(" --data-binary $'")
                        .append(excerpt(new String(body, StandardCharsets.ISO_8859_1), 400))
                        .append("' (")
                        .append(body.length)
                        .append(" bytes)");
            }
            return curl.toString();
        }
    }

    /** An answer; status -1 when none came within the timeout (or the connection was dropped). */
    private record Answer(int status, Map<String, String> headers, String body, long millis, String error) {

        String contentType() {
            return headers.getOrDefault("content-type", "");
        }
    }

    // ---------------------------------------------------------------- generators

    /** Numbers the JSON grammar allows that a lenient reader chokes on. */
    private static Arbitrary<String> hostileNumbers() {
        Arbitrary<String> hugeIntegers =
                Arbitraries.integers().between(1090, 5000).map(n -> "1" + "0".repeat(n));
        Arbitrary<String> hugeFractions =
                Arbitraries.integers().between(1090, 5000).map(n -> "0." + "1".repeat(n));
        Arbitrary<String> exponentOverflow = Combinators.combine(
                        Arbitraries.of("e", "E", "e+", "e-", "E-"),
                        Arbitraries.longs().between(2_147_483_648L, 99_999_999_999L))
                .as((e, n) -> "1" + e + n);
        Arbitrary<String> manyExponentDigits =
                Arbitraries.integers().between(20, 400).map(n -> "1e" + "9".repeat(n));
        Arbitrary<String> specials = Arbitraries.of(
                "-0",
                "-0.0",
                "1E-400",
                "1e999999999",
                "-1e999999999",
                "4.9e-324",
                "1.7976931348623157e309",
                "9223372036854775808",
                "-9223372036854775809",
                "18446744073709551621",
                "2147483648",
                "1e2147483647",
                "0e2147483648",
                "1.0e-2147483649");
        return Arbitraries.frequencyOf(
                Tuple.of(3, hugeIntegers),
                Tuple.of(2, hugeFractions),
                Tuple.of(3, exponentOverflow),
                Tuple.of(2, manyExponentDigits),
                Tuple.of(4, specials));
    }

    /** JSON string literals (quotes included) with lone surrogates, NUL, controls and long runs. */
    private static Arbitrary<String> hostileStrings() {
        Arbitrary<String> pieces = Arbitraries.of(
                "\\ud800",
                "\\udfff",
                "\\udc00\\ud800",
                "\\u0000",
                "\\u001b[31m",
                "\\ufffe",
                "\\uffff",
                "\\u202e",
                "\\u2028",
                "\\u0085",
                "\\u00a0",
                "\\ud83d\\ude00",
                "\ud83d\ude00",
                "\\ufeff",
                "\\u200f",
                "\\udbff\\udfff",
                "\ufdd0",
                "\\\"",
                "\\\\",
                "\\n",
                "x",
                " ",
                "é");
        Arbitrary<String> mixed = pieces.list().ofMinSize(1).ofMaxSize(40).map(list -> String.join("", list));
        Arbitrary<String> long_ = Combinators.combine(
                        Arbitraries.of("a", " ", "\\ud800", "é"),
                        Arbitraries.integers().between(100, 9000))
                .as(String::repeat);
        return Arbitraries.frequencyOf(Tuple.of(4, mixed), Tuple.of(1, long_)).map(s -> "\"" + s + "\"");
    }

    /** A JSON text nested about a thousand levels deep (the parser's limit sits right there). */
    private static Arbitrary<String> deepNesting() {
        Arbitrary<Integer> depth = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.integers().between(990, 1010)),
                Tuple.of(1, Arbitraries.integers().between(1011, 100_000)));
        return Combinators.combine(depth, Arbitraries.of("array", "object", "mixed", "unclosed"))
                .as((n, kind) -> switch (kind) {
                    case "array" -> "[".repeat(n) + "]".repeat(n);
                    case "object" -> "{\"a\":".repeat(n) + "1" + "}".repeat(n);
                    case "mixed" -> "[{\"a\":".repeat(n / 2) + "1" + "}]".repeat(n / 2);
                    default -> "[".repeat(n);
                });
    }

    /** Any hostile JSON value, sometimes wrapped in a harmless container. */
    private static Arbitrary<String> hostileValues() {
        Arbitrary<String> atom = Arbitraries.frequencyOf(
                Tuple.of(4, hostileNumbers()),
                Tuple.of(3, hostileStrings()),
                Tuple.of(2, deepNesting()),
                Tuple.of(1, Arbitraries.of("null", "true", "{}", "[]", "\"\"", "0", "1")));
        return Combinators.combine(atom, Arbitraries.of("bare", "bare", "bare", "array", "object"))
                .as((value, wrap) -> switch (wrap) {
                    case "array" -> "[" + value + "]";
                    case "object" -> "{\"x\":" + value + "}";
                    default -> value;
                });
    }

    /** Bytes that are not UTF-8, to splice into a string literal. */
    private static Arbitrary<byte[]> invalidUtf8() {
        return Arbitraries.of(
                new byte[] {(byte) 0xff},
                new byte[] {(byte) 0xc3, 0x28},
                new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                new byte[] {(byte) 0xc0, (byte) 0xaf},
                new byte[] {(byte) 0xe2, (byte) 0x82},
                new byte[] {0},
                new byte[] {(byte) 0xf0, (byte) 0x9f, (byte) 0x98});
    }

    /** Body templates of every JSON endpoint; $V is where the hostile value goes. */
    private static List<String[]> bodyTemplates(Fixture f) {
        String fact = S + "/facts/" + f.factId();
        return List.of(
                new String[] {"POST", S + "/facts", "{\"content\":\"hostile probe\",\"importance\":$V}"},
                new String[] {"POST", S + "/facts", "{\"content\":$V}"},
                new String[] {"POST", S + "/facts", "{\"content\":\"hostile probe\",\"ttl_seconds\":$V}"},
                new String[] {"POST", S + "/facts", "{\"content\":\"hostile probe\",\"tags\":[$V],\"category\":$V}"},
                new String[] {"POST", S + "/facts", "{\"content\":\"hostile probe\",\"unknown\":$V}"},
                new String[] {"POST", S + "/facts", "$V"},
                new String[] {
                    "POST",
                    S + "/facts:batch",
                    "{\"facts\":[{\"content\":\"hostile batch\"},{\"content\":\"b\",\"importance\":$V}]}"
                },
                new String[] {"POST", S + "/facts:batch", "{\"facts\":$V}"},
                new String[] {"PATCH", fact, "{\"importance\":$V}"},
                new String[] {"PATCH", fact, "{\"title\":$V,\"ttl_seconds\":$V}"},
                new String[] {
                    "PUT",
                    S + "/facts/by-key/hostile.key",
                    "{\"content\":\"hostile keyed\",\"importance\":$V,\"key\":$V}"
                },
                new String[] {
                    "POST",
                    S + "/tool-calls",
                    "{\"name\":\"remember\",\"arguments\":{\"content\":\"tool probe\",\"importance\":$V}}"
                },
                new String[] {
                    "POST", S + "/tool-calls", "{\"name\":\"recall\",\"arguments\":{\"query\":\"probe\",\"limit\":$V}}"
                },
                new String[] {
                    "POST", S + "/tool-calls", "{\"name\":\"search_memory\",\"arguments\":{\"query\":$V,\"top_k\":$V}}"
                },
                new String[] {"POST", S + "/tool-calls", "{\"name\":$V,\"arguments\":$V}"},
                new String[] {
                    "POST",
                    S + "/learn",
                    "{\"turns\":[{\"role\":\"user\",\"content\":\"I use Go\"}],\"conflict_threshold\":$V}"
                },
                new String[] {"POST", S + "/learn", "{\"turns\":[{\"role\":$V,\"content\":$V}]}"},
                new String[] {"PUT", "/api/v1/tenant/settings", "{\"max_log_days\":$V}"},
                new String[] {"PUT", "/api/v1/tenant/settings", "{\"dedupe_threshold\":$V,\"max_facts_per_scope\":$V}"},
                new String[] {"PUT", "/api/v1/tenant/settings", "$V"},
                new String[] {"POST", S + "/snapshots", "{\"name\":$V}"},
                // erasures that, if a value were accepted, still match nothing the fixture holds
                new String[] {"POST", "/api/v1/erasures", "{\"subject\":$V,\"content_contains\":\"no such text zq\"}"},
                new String[] {"POST", "/api/v1/erasures", "{\"subject\":\"user:nobody-zq\",\"content_contains\":$V}"});
    }

    // ---------------------------------------------------------------- the families

    @Test
    @Order(1)
    void jsonBodiesNeverGetA5xxAndRefusalsWriteNothing() {
        Fixture f = fixture();
        List<String[]> templates = bodyTemplates(f);
        Arbitrary<Integer> template = Arbitraries.integers().between(0, templates.size() - 1);
        Arbitrary<String> value = hostileValues();
        Arbitrary<byte[]> badBytes = invalidUtf8();
        Arbitrary<Boolean> spliceBytes = Arbitraries.frequency(Tuple.of(1, true), Tuple.of(6, false));
        run("json bodies", (random, i) -> {
            String[] t = templates.get(next(template, random));
            String v = next(value, random);
            byte[] body;
            String label = "value " + describe(v);
            if (next(spliceBytes, random)) {
                byte[] bad = next(badBytes, random);
                String text = t[2].replace("$V", "\"x@@y\"");
                int at = text.indexOf("@@");
                body = concat(
                        text.substring(0, at).getBytes(StandardCharsets.UTF_8),
                        bad,
                        text.substring(at + 2).getBytes(StandardCharsets.UTF_8));
                label = "invalid UTF-8 " + hex(bad);
            } else {
                body = t[2].replace("$V", v).getBytes(StandardCharsets.UTF_8);
            }
            return new Req(label, t[0], t[1], json(f), body);
        });
    }

    @Test
    @Order(2)
    void importLinesNeverGetA5xxAndRefusalsWriteNothing() {
        Fixture f = fixture();
        String fact = "{\"kind\":\"fact\",\"id\":\"0190f5a0-0000-7000-8000-00000000000$N\",\"scope\":\"" + SCOPE + "\","
                + "\"content\":\"imported probe\",\"created_at\":\"2026-01-01T00:00:00Z\",\"updated_at\":\"2026-01-01T00:00:00Z\"";
        List<String> templates = List.of(
                fact + ",\"content\":$V}",
                fact.replace("\"content\":\"imported probe\",", "") + ",\"content\":$V}",
                fact + ",\"importance\":$V,\"tags\":[$V]}",
                fact + ",\"access_count\":$V}",
                fact + ",\"expires_at\":$V}",
                fact + ",\"key\":$V,\"title\":$V}",
                fact.replace("2026-01-01T00:00:00Z\",\"updated", "\"+$V+\"\",\"updated") + "}",
                "{\"kind\":\"log\",\"scope\":\"" + SCOPE
                        + "\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"category\":$V,\"content\":$V}",
                "{\"kind\":\"log\",\"scope\":$V,\"timestamp\":$V,\"category\":\"c\",\"content\":\"x\",\"fact_id\":$V}",
                "{\"kind\":\"snapshot\",\"scope\":\"" + SCOPE
                        + "\",\"name\":$V,\"created_at\":\"2026-01-01T00:00:00Z\",\"facts\":[]}",
                "{\"kind\":\"snapshot\",\"scope\":\"" + SCOPE
                        + "\",\"name\":\"imp\",\"created_at\":\"2026-01-01T00:00:00Z\",\"facts\":$V}",
                "{\"kind\":$V}",
                "$V");
        Arbitrary<Integer> template = Arbitraries.integers().between(0, templates.size() - 1);
        Arbitrary<String> value = hostileValues();
        Arbitrary<Boolean> dryRun = Arbitraries.of(true, false);
        run("import lines", (random, i) -> {
            String v = next(value, random);
            String line = templates
                    .get(next(template, random))
                    .replace("$N", Integer.toString(i % 10))
                    .replace("$V", v);
            Map<String, String> headers = json(f);
            headers.put("Content-Type", "application/x-ndjson");
            String path = "/api/v1/import" + (next(dryRun, random) ? "?dry_run=true" : "");
            return new Req(
                    "value " + describe(v), "POST", path, headers, (line + "\n").getBytes(StandardCharsets.UTF_8));
        });
    }

    @Test
    @Order(2)
    void mcpMessagesNeverGetA5xxOrAnInternalError() {
        Fixture f = fixture();
        Arbitrary<String> value = hostileValues();
        Arbitrary<String> shape = Arbitraries.of(
                "{\"jsonrpc\":\"2.0\",\"id\":$V,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":$V}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":$V}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"recall\",\"arguments\":{\"query\":\"x\",\"limit\":$V}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search_memory\",\"arguments\":{\"query\":$V,\"top_k\":$V}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_memories\",\"arguments\":{\"limit\":$V,\"category\":$V}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"remember\",\"arguments\":{\"content\":\"mcp probe\",\"importance\":$V}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"stats\",\"arguments\":{\"scope\":$V}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":$V,\"arguments\":$V}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":$V}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\",\"params\":{\"cursor\":$V}}",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},$V]",
                "$V");
        Arbitrary<String> method = Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.just("POST")),
                Tuple.of(1, Arbitraries.of("PROPFIND", "PATCH", "PUT", "FOO", "M-SEARCH", "GET", "DELETE", "OPTIONS")));
        run("mcp", (random, i) -> {
            String v = next(value, random);
            String m = next(method, random);
            Map<String, String> headers = json(f);
            headers.put("Accept", "application/json, text/event-stream");
            headers.put("Mcp-Session-Id", f.mcpSession());
            byte[] body = m.equals("POST") || m.equals("PUT") || m.equals("PATCH")
                    ? next(shape, random).replace("$V", v).getBytes(StandardCharsets.UTF_8)
                    : null;
            return new Req("value " + describe(v), m, "/mcp", headers, body);
        });
    }

    @Test
    @Order(3)
    void queryParametersNeverGetA5xx() {
        Fixture f = fixture();
        Arbitrary<String> number = Arbitraries.frequencyOf(
                Tuple.of(3, hostileNumbers().filter(n -> n.length() < 6000)),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                "-1",
                                "0",
                                "+5",
                                " 5",
                                "5 ",
                                "0x10",
                                "1_000",
                                "NaN",
                                "Infinity",
                                "１２",
                                "٣",
                                "1.5",
                                "abc",
                                "2147483648",
                                "-2147483649",
                                "99999999999999999999")));
        Arbitrary<String> text = Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.strings()
                                .withCharRange((char) 0x20, (char) 0x7e)
                                .withChars('\u00e9', '\u2028', '\ufffd')
                                .ofMaxLength(60)),
                Tuple.of(1, Arbitraries.integers().between(1000, 8000).map("a"::repeat)),
                Tuple.of(
                        1,
                        Arbitraries.integers()
                                .between(50, 900)
                                .map(n -> String.join(" ", java.util.Collections.nCopies(n, "word")))));
        Arbitrary<String> rawEscapes = Arbitraries.of("%00", "%ff", "%ed%a0%80", "%c0%af", "5%00", "%25", "%2B", "%0a");
        Arbitrary<String[]> endpoint = Arbitraries.of(
                new String[] {"GET", S + "/facts", "limit"},
                new String[] {"GET", S + "/facts", "cursor"},
                new String[] {"GET", S + "/facts", "q"},
                new String[] {"GET", S + "/facts", "category"},
                new String[] {"GET", S + "/facts", "tag"},
                new String[] {"GET", S + "/facts", "type"},
                new String[] {"GET", S + "/facts", "persistent"},
                new String[] {"GET", S + "/recall?q=probe", "limit"},
                new String[] {"GET", S + "/recall", "q"},
                new String[] {"GET", S + "/recall?q=probe", "mode"},
                new String[] {"GET", S + "/search?q=probe", "top_k"},
                new String[] {"GET", S + "/search", "q"},
                new String[] {"GET", S + "/context", "max_tokens"},
                new String[] {"GET", S + "/context", "q"},
                new String[] {"GET", S + "/logs", "days"},
                new String[] {"GET", S + "/logs", "limit"},
                new String[] {"POST", S + "/logs:prune", "max_days"},
                new String[] {"GET", "/api/v1/audit", "limit"},
                new String[] {"GET", "/api/v1/audit", "cursor"},
                new String[] {"GET", "/api/v1/scopes", "limit"},
                new String[] {"GET", "/api/v1/scopes", "cursor"},
                new String[] {"GET", "/api/v1/tools", "format"},
                new String[] {"GET", S + "/snapshots/base/diff", "against"});
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, 9);
        run("query parameters", (random, i) -> {
            String[] e = next(endpoint, random);
            int k = next(kind, random);
            String v = k < 4
                    ? Api.encode(next(number, random))
                    : k < 7
                            ? Api.encode(next(text, random))
                            : k < 8
                                    ? next(rawEscapes, random)
                                    : k < 9 ? cursorLike(random) : Api.encode(next(number, random));
            String query = e[2] + "=" + v;
            if (random.nextInt(8) == 0) {
                query = query + "&" + e[2] + "=abc&" + e[2] + "=";
            }
            String path = e[1] + (e[1].contains("?") ? "&" : "?") + query;
            return new Req(e[2] + "=" + excerpt(v, 40), e[0], path, json(f), e[0].equals("POST") ? new byte[0] : null);
        });
    }

    @Test
    @Order(4)
    void oddHeadersNeverGetA5xx() {
        Fixture f = fixture();
        Arbitrary<String> contentType = Arbitraries.of(
                "application/json; charset=utf-16",
                "application/json; charset=nope-42",
                "application/json; charset=\"@@\"",
                "application/json; q=x=y",
                "application/json; q=abc",
                "application/json;;;",
                "text/plain",
                "multipart/form-data; boundary=x",
                "multipart/form-data",
                "application/x-www-form-urlencoded",
                "application/xml",
                "*/*",
                "application/*",
                "x",
                "application/merge-patch+json",
                "application/problem+json",
                "text/markdown; charset=nope-42",
                "text/markdown; charset=UTF-7",
                "text/plain; charset=\"@@\"",
                "text/markdown; charset=utf-32",
                "application/json, text/plain",
                "application/json; boundary=" + "b".repeat(4000));
        Arbitrary<String> accept = Arbitraries.of(
                "text/html",
                "application/xml",
                "*/*;q=0",
                "application/json;q=abc",
                "application/json;q=x=y",
                "text/plain",
                "x/y/z",
                "",
                "application/problem+json",
                "text/event-stream",
                "a".repeat(4000),
                "application/json; charset=nope-42",
                "text/markdown;q=2");
        Arbitrary<String[]> endpoint = Arbitraries.of(
                new String[] {"POST", S + "/facts", "{\"content\":\"header probe\"}"},
                new String[] {"POST", S + "/facts:batch", "{\"facts\":[{\"content\":\"header batch\"}]}"},
                new String[] {"PATCH", S + "/facts/" + f.factId(), "{\"importance\":0.6}"},
                new String[] {"PUT", S + "/facts/by-key/hdr", "{\"content\":\"header keyed\"}"},
                new String[] {"POST", S + "/tool-calls", "{\"name\":\"stats\"}"},
                new String[] {"PUT", "/api/v1/tenant/settings", "{}"},
                new String[] {"PUT", S + "/memory.md", "# Agent Memory\n\n## notes\n- header import\n"},
                new String[] {"GET", S + "/facts", null},
                new String[] {"GET", S + "/context", null},
                new String[] {"GET", S + "/memory.md", null},
                new String[] {"GET", "/api/v1/scopes", null},
                new String[] {"GET", S + "/facts/" + f.factId(), null});
        Arbitrary<Integer> kind = Arbitraries.integers().between(0, 5);
        Arbitrary<String> hugeLength =
                Arbitraries.of("2147483648", "9223372036854775807", "99999999999999999999", "4294967296");
        run("headers", (random, i) -> {
            String[] e = next(endpoint, random);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", "Bearer " + f.token());
            byte[] body = e[2] == null ? null : e[2].getBytes(StandardCharsets.UTF_8);
            int k = next(kind, random);
            String label;
            if (k <= 2 || body == null) {
                String ct = next(contentType, random);
                headers.put("Content-Type", ct);
                label = "Content-Type " + excerpt(ct, 60);
            } else if (k <= 4) {
                String a = next(accept, random);
                headers.put("Content-Type", e[1].endsWith("memory.md") ? "text/markdown" : "application/json");
                headers.put("Accept", a);
                label = "Accept " + excerpt(a, 60);
            } else {
                String length = next(hugeLength, random);
                headers.put("Content-Type", "application/json");
                headers.put("Content-Length", length);
                label = "Content-Length " + length + " (body of " + body.length + " bytes)";
            }
            return new Req(label, e[0], e[1], headers, body);
        });
    }

    @Test
    @Order(5)
    void pathsAndMethodsNeverGetA5xx() {
        Fixture f = fixture();
        Arbitrary<String> segment = Arbitraries.frequencyOf(
                Tuple.of(
                        3,
                        Arbitraries.strings()
                                .withCharRange((char) 0x21, (char) 0x7e)
                                .withChars('\u00e9', '\u202e', '\ufffd')
                                .ofMinLength(1)
                                .ofMaxLength(70)
                                .map(HostileInputIT::percentEncode)),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                "%00",
                                "%ff",
                                "a%00b",
                                "%0a",
                                "%2e",
                                "%2e%2e",
                                "..",
                                ".",
                                "a;x=y",
                                ";",
                                "%zz",
                                "%",
                                "a%2",
                                "%5c",
                                "%c0%ae",
                                "::",
                                "a::b",
                                "user:42;jsessionid=1")),
                Tuple.of(1, Arbitraries.integers().between(65, 3000).map("s"::repeat)),
                Tuple.of(
                        1,
                        Arbitraries.integers()
                                .between(9, 40)
                                .map(n -> String.join(":", java.util.Collections.nCopies(n, "a")))));
        Arbitrary<String> method = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of("GET", "POST", "PUT", "PATCH", "DELETE")),
                Tuple.of(1, Arbitraries.of("PROPFIND", "TRACE", "OPTIONS", "HEAD", "FOO", "M-SEARCH", "BREW")));
        Arbitrary<String> shape = Arbitraries.of(
                "/api/v1/scopes/$S/facts",
                "/api/v1/scopes/$S/facts:batch",
                "/api/v1/scopes/$S",
                S + "/facts/$S",
                S + "/facts/by-key/$S",
                S + "/snapshots/$S",
                S + "/snapshots/$S/restore",
                S + "/snapshots/$S/diff",
                S + "/logs/$S",
                "/api/v1/scopes/$S/recall?q=x",
                "/api/v1/scopes/$S/context",
                "/api/v1/scopes/$S/memory.md",
                "/api/v1/scopes/$S/learn",
                "/api/v1/scopes/$S/tool-calls",
                "/api/v1/scopes/$S/stats",
                "/api/v1/scopes/$S/decay",
                "/api/v1/$S",
                "/api/v1/$S/scopes",
                "/$S",
                "/api//v1/scopes/" + SCOPE + "/facts",
                "/api/v1/scopes/" + SCOPE + "//facts",
                "/mcp/$S",
                "/api/v1;x=y/scopes",
                "/api/v1/erasures/$S");
        run("paths and methods", (random, i) -> {
            String m = next(method, random);
            String path = next(shape, random).replace("$S", next(segment, random));
            byte[] body = switch (m) {
                case "POST", "PUT", "PATCH" -> "{\"content\":\"path probe\"}".getBytes(StandardCharsets.UTF_8);
                default -> null;
            };
            return new Req(m + " " + excerpt(path, 60), m, path, json(f), body);
        });
    }

    @Test
    @Order(6)
    void oddTokensNeverGetA5xx() {
        Fixture f = fixture();
        Arbitrary<Object> subject = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.integers().between(250, 2500).map("s"::repeat)),
                Tuple.of(1, Arbitraries.of("a\u0000b", "\u001b[31mred", "\u202e", "tab\tsub", "line\nbreak")),
                Tuple.of(1, Arbitraries.of(5, List.of("x"), Map.of("a", 1))));
        Arbitrary<Object> tenantClaim = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just(f.tenant())),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                5,
                                List.of(f.tenant()),
                                Map.of("a", 1),
                                true,
                                "",
                                "T1!",
                                "a".repeat(64),
                                f.tenant() + "\u0000")));
        Arbitrary<Object> scopesClaim = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just("absent")),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                SCOPE,
                                Map.of("a", "b"),
                                List.of(1, 2),
                                List.of(),
                                List.of("a::b"),
                                List.of(List.of("x")),
                                java.util.Arrays.asList(SCOPE, null, 5),
                                List.of(""),
                                List.of(SCOPE))));
        Arbitrary<Object> expClaim = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.just("ok")),
                Tuple.of(1, Arbitraries.of("tomorrow", 1e30, -1, 4_102_444_800.5)));
        Arbitrary<String[]> call = Arbitraries.of(
                new String[] {"POST", S + "/facts", "{\"content\":\"token probe\"}"},
                new String[] {"DELETE", S + "/facts/" + f.factId(), null},
                new String[] {"DELETE", S + "/facts/by-key/seed.key", null},
                new String[] {"DELETE", "/api/v1/scopes/user:gone", null},
                new String[] {"GET", "/api/v1/whoami", null},
                new String[] {"POST", S + "/snapshots/base/restore", null},
                new String[] {"POST", "/api/v1/erasures", "{\"subject\":\"user:nobody-zq\"}"},
                new String[] {"POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}"
                });
        run("tokens", (random, i) -> {
            Map<String, Object> claims = Tokens.claims(f.tenant(), Tokens.ALL_ROLES);
            Object sub = next(subject, random);
            claims.put("sub", sub);
            claims.put("tenant", next(tenantClaim, random));
            Object scopes = next(scopesClaim, random);
            if (!"absent".equals(scopes)) {
                claims.put("memory_scopes", scopes);
            }
            Object exp = next(expClaim, random);
            if (!"ok".equals(exp)) {
                claims.put("exp", exp);
            }
            String[] c = next(call, random);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", "Bearer " + Tokens.sign(claims));
            headers.put("Content-Type", "application/json");
            headers.put("Accept", "application/json");
            String label = "claims sub=" + describe(String.valueOf(sub)) + " tenant="
                    + excerpt(String.valueOf(claims.get("tenant")), 30) + " memory_scopes="
                    + excerpt(String.valueOf(scopes), 30) + " exp=" + exp;
            return new Req(label, c[0], c[1], headers, c[2] == null ? null : c[2].getBytes(StandardCharsets.UTF_8));
        });
    }

    /**
     * Inputs that are valid, and small, but whose handling grows faster than their size: a conversation
     * turn with a long run of blanks, and a context block over facts with long runs of blanks. Few
     * cases: each one that fails keeps a server thread busy for a while. Runs last.
     */
    @Test
    @Order(7)
    void smallInputsAreAnsweredInBoundedTime() {
        Fixture f = fixture();
        int cases = Integer.getInteger("hostile.slow.cases", 4);
        Arbitrary<Integer> blanks = Arbitraries.integers().between(1200, 1600);
        Arbitrary<Integer> factBlanks = Arbitraries.integers().between(6000, 7900);
        String slowScope = "/api/v1/scopes/slow:" + Long.toHexString(SEED);
        List<String> failures = new ArrayList<>();
        Random random = new Random(SEED ^ 7);
        System.out.println("[HostileInputIT] slow inputs, seed " + SEED);
        for (int i = 0; i < 8; i++) {
            String content = "k" + i + " ".repeat(next(factBlanks, random)) + "z" + i;
            exchange(new Req(
                    "setup",
                    "POST",
                    slowScope + "/facts",
                    json(f),
                    ("{\"content\":\"" + content + "\",\"persistent\":true,\"dedupe\":false}")
                            .getBytes(StandardCharsets.UTF_8)));
        }
        for (int i = 0; i < cases; i++) {
            Req req = i % 2 == 0
                    ? new Req(
                            "learn turn with a run of blanks",
                            "POST",
                            S + "/learn",
                            json(f),
                            ("{\"turns\":[{\"role\":\"user\",\"content\":\"I like tea"
                                            + " ".repeat(next(blanks, random)) + "x\"}]}")
                                    .getBytes(StandardCharsets.UTF_8))
                    : new Req(
                            "context of 8 facts with runs of blanks, max_tokens=1",
                            "GET",
                            slowScope + "/context?max_tokens=1",
                            json(f),
                            null);
            check("slow inputs", i, req, exchange(req), failures);
        }
        report("slow inputs", cases, failures);
    }

    // ---------------------------------------------------------------- the properties

    private interface CaseMaker {
        Req make(Random random, int index);
    }

    /** Runs CASES generated requests and checks every property on each; reports all failures at once. */
    private void run(String family, CaseMaker maker) {
        Random random = new Random(SEED ^ family.hashCode());
        System.out.println("[HostileInputIT] " + family + ": " + CASES + " cases, seed " + SEED + " (-Dhostile.seed="
                + SEED + ")");
        List<String> failures = new ArrayList<>();
        String before = state();
        long started = System.nanoTime();
        for (int i = 0; i < CASES; i++) {
            Req req = maker.make(random, i);
            Answer answer = exchange(req);
            check(family, i, req, answer, failures);
            if (req.writes() && !req.path().startsWith("/mcp")) {
                if (answer.status() >= 200 && answer.status() < 300) {
                    forgetFactsThatWillExpire();
                    before = state(); // an accepted write may change the tenant
                } else {
                    String after = state();
                    if (!after.equals(before)) {
                        failures.add(failure(
                                family,
                                i,
                                req,
                                answer,
                                "a refused write (" + answer.status() + ") changed the tenant's data:\n      before "
                                        + excerpt(before, 600) + "\n      after  " + excerpt(after, 600)));
                        before = after;
                    }
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "[HostileInputIT] %s: %d cases in %.1f s, %d failures%n",
                family,
                CASES,
                (System.nanoTime() - started) / 1e9,
                failures.size());
        report(family, CASES, failures);
    }

    private static void check(String family, int index, Req req, Answer answer, List<String> failures) {
        if (answer.status() < 0) {
            failures.add(failure(
                    family, index, req, answer, "no answer within " + TIMEOUT_MS + " ms (" + answer.error() + ")"));
            return;
        }
        if (answer.status() >= 500) {
            failures.add(failure(family, index, req, answer, "5xx"));
            return;
        }
        if (answer.millis() > TIMEOUT_MS) {
            failures.add(failure(family, index, req, answer, "answered after " + answer.millis() + " ms"));
        }
        boolean mcp = req.path().startsWith("/mcp");
        if (answer.status() >= 400 && !req.method().equals("HEAD")) { // a HEAD answer has no body to check
            String shape = mcp ? jsonRpcOrProblemShape(answer) : problemShape(answer, req);
            if (shape != null) {
                failures.add(failure(family, index, req, answer, "4xx without a problem body: " + shape));
            }
        } else if (mcp && answer.body().contains("\"code\":-32603")) {
            failures.add(failure(
                    family, index, req, answer, "JSON-RPC internal error (-32603): a server failure answered as 200"));
        }
    }

    /** Null when the answer is an RFC 9457 problem with type, title, status and detail; else what is wrong. */
    private static String problemShape(Answer answer) {
        return problemShape(answer, null);
    }

    private static String problemShape(Answer answer, Req req) {
        if (answer.status() == 400
                && (answer.body().contains("CWWWC0005I")
                        || req != null
                                && req.method().equals("TRACE")
                                && answer.body().isEmpty())) {
            // The refusals the application never sees (README, "Known gaps"): Liberty's web container refuses a
            // path it cannot decode while decoding it, before any filter runs, and sends no error page for TRACE.
            return null;
        }
        if (!answer.contentType().startsWith("application/problem+json")) {
            return "Content-Type '" + answer.contentType() + "'";
        }
        JsonObject problem = parseObject(answer.body());
        if (problem == null) {
            return "body is not a JSON object";
        }
        for (String member : List.of("type", "title", "detail")) {
            if (!(problem.get(member) instanceof jakarta.json.JsonString s)
                    || s.getString().isBlank()) {
                return "no '" + member + "'";
            }
        }
        if (!(problem.get("status") instanceof jakarta.json.JsonNumber n) || n.intValue() != answer.status()) {
            return "'status' is not " + answer.status();
        }
        return null;
    }

    /** /mcp answers JSON-RPC: a refusal is a JSON-RPC error object (or a problem, for the HTTP layer's own). */
    private static String jsonRpcOrProblemShape(Answer answer) {
        if (problemShape(answer) == null) {
            return null;
        }
        JsonObject message = parseObject(answer.body());
        if (message != null
                && message.get("error") instanceof JsonObject error
                && error.containsKey("code")
                && error.containsKey("message")) {
            return null;
        }
        return "neither a problem nor a JSON-RPC error; Content-Type '" + answer.contentType() + "'";
    }

    private static void report(String family, int cases, List<String> failures) {
        if (!failures.isEmpty()) {
            failures.forEach(System.out::println);
        }
        assertTrue(
                failures.isEmpty(),
                () -> failures.size() + " of " + cases + " " + family + " cases failed (seed " + SEED
                        + ", rerun with -Dhostile.seed=" + SEED + "); the first ones:\n"
                        + String.join("\n", failures.subList(0, Math.min(25, failures.size()))));
    }

    private static String failure(String family, int index, Req req, Answer answer, String what) {
        return "  [" + family + " #" + index + ", seed " + SEED + "] " + what + " | " + req.label() + "\n      "
                + req.curl() + "\n      -> " + answer.status() + " " + answer.contentType() + " "
                + excerpt(answer.body(), 300);
    }

    /**
     * An accepted write may have made a fact with a TTL: it would expire, and the TTL job evict it, between the
     * states taken around a later refused write. Forgotten here, nothing changes the tenant but the requests.
     */
    private void forgetFactsThatWillExpire() {
        Fixture f = fixture();
        JsonObject scopes = parseObject(get("/api/v1/scopes?limit=500", f).body());
        if (scopes == null) {
            return;
        }
        for (JsonObject scope : scopes.getJsonArray("items").getValuesAs(JsonObject.class)) {
            String name = scope.getString("scope");
            JsonObject facts = parseObject(
                    get("/api/v1/scopes/" + name + "/facts?limit=500", f).body());
            if (facts == null) {
                continue;
            }
            for (JsonObject fact : facts.getJsonArray("items").getValuesAs(JsonObject.class)) {
                if (fact.get("expires_at") != null && fact.get("expires_at") != JsonValue.NULL) {
                    Map<String, String> headers = new LinkedHashMap<>();
                    headers.put("Authorization", "Bearer " + f.token());
                    String path = "/api/v1/scopes/" + name + "/facts/" + fact.getString("id");
                    assertEquals(
                            204,
                            exchange(new Req("forget", "DELETE", path, headers, null))
                                    .status());
                }
            }
        }
    }

    /** What a refused write must not change: the scopes, every fact of each, the snapshots and the settings. */
    private String state() {
        Fixture f = fixture();
        StringBuilder state = new StringBuilder();
        JsonObject scopes = parseObject(get("/api/v1/scopes?limit=500", f).body());
        state.append("scopes=");
        if (scopes == null) {
            return "unreadable scopes";
        }
        for (JsonObject scope : scopes.getJsonArray("items").getValuesAs(JsonObject.class)) {
            String name = scope.getString("scope");
            state.append('[')
                    .append(name)
                    .append(' ')
                    .append(scope.getInt("facts"))
                    .append(' ')
                    .append(scope.getInt("persistent_facts"))
                    .append(' ')
                    .append(scope.getInt("log_entries"))
                    .append(' ')
                    .append(scope.get("updated_at"))
                    .append(']');
            JsonObject facts = parseObject(
                    get("/api/v1/scopes/" + name + "/facts?limit=500", f).body());
            if (facts != null) {
                for (JsonObject fact : facts.getJsonArray("items").getValuesAs(JsonObject.class)) {
                    state.append("\n  ")
                            .append(fact.getString("id"))
                            .append(' ')
                            .append(fact.get("key"))
                            .append(' ')
                            .append(fact.get("updated_at"))
                            .append(' ')
                            .append(fact.get("importance"))
                            .append(' ')
                            .append(fact.get("category"))
                            .append(' ')
                            .append(fact.get("tags"))
                            .append(' ')
                            .append(fact.get("expires_at"))
                            .append(' ')
                            .append(fact.get("title"))
                            .append(' ')
                            .append(Integer.toHexString(
                                    fact.getString("content").hashCode()));
                }
            }
            JsonObject snapshots =
                    parseObject(get("/api/v1/scopes/" + name + "/snapshots", f).body());
            if (snapshots != null) {
                state.append("\n  snapshots ").append(snapshots.get("items"));
            }
        }
        state.append("\nsettings ").append(get("/api/v1/tenant/settings", f).body());
        return state.toString();
    }

    // ---------------------------------------------------------------- fixture and wire

    private static synchronized Fixture fixture() {
        if (fixture == null) {
            JqwikSession.start();
            String tenant = Tokens.newTenant("hostile");
            String token = Tokens.token(tenant, Tokens.ALL_ROLES);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", "Bearer " + token);
            headers.put("Content-Type", "application/json");
            Answer seed = exchange(new Req(
                    "seed",
                    "POST",
                    S + "/facts",
                    headers,
                    "{\"content\":\"Seed fact for hostile input\",\"key\":\"seed.key\",\"persistent\":true,\"tags\":[\"seed\"]}"
                            .getBytes(StandardCharsets.UTF_8)));
            String factId = parseObject(seed.body()).getString("id");
            exchange(new Req(
                    "snapshot",
                    "POST",
                    S + "/snapshots",
                    headers,
                    "{\"name\":\"base\"}".getBytes(StandardCharsets.UTF_8)));
            Map<String, String> mcp = new LinkedHashMap<>(headers);
            mcp.put("Accept", "application/json, text/event-stream");
            Answer init = exchange(new Req(
                    "initialize",
                    "POST",
                    "/mcp",
                    mcp,
                    ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                                    + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}}")
                            .getBytes(StandardCharsets.UTF_8)));
            fixture = new Fixture(tenant, token, factId, init.headers().getOrDefault("mcp-session-id", "none"));
        }
        return fixture;
    }

    @AfterAll
    static void endSession() {
        if (fixture != null) {
            JqwikSession.finish();
        }
    }

    private static Map<String, String> json(Fixture f) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + f.token());
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "application/json");
        return headers;
    }

    private static Answer get(String path, Fixture f) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + f.token());
        return exchange(new Req("state", "GET", path, headers, null));
    }

    /**
     * One request over a plain socket, exactly as given: any method, path bytes, header or Content-Length
     * (the JDK client refuses to send several of them), then Connection: close.
     */
    private static Answer exchange(Req req) {
        long started = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", PORT), 5000);
            socket.setSoTimeout(TIMEOUT_MS);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.writeBytes((req.method() + " " + req.path() + " HTTP/1.1\r\nHost: localhost:" + PORT + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            boolean lengthGiven = false;
            for (Map.Entry<String, String> header : req.headers().entrySet()) {
                lengthGiven |= header.getKey().equalsIgnoreCase("Content-Length");
                head.writeBytes((header.getKey() + ": " + header.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            if (req.body() != null && !lengthGiven) {
                head.writeBytes(("Content-Length: " + req.body().length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            head.writeBytes("Connection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            OutputStream out = socket.getOutputStream();
            out.write(head.toByteArray());
            if (req.body() != null) {
                out.write(req.body());
            }
            out.flush();
            return read(socket.getInputStream(), started);
        } catch (SocketTimeoutException timeout) {
            return new Answer(-1, Map.of(), "", millis(started), "timed out");
        } catch (IOException e) {
            return new Answer(-1, Map.of(), "", millis(started), e.toString());
        }
    }

    private static Answer read(InputStream in, long started) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return new Answer(-1, Map.of(), "", millis(started), "connection closed before an answer");
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1
                    : 0;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        if (status == 100) { // Continue: the real answer follows
            return read(in, started);
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream chunks = new ByteArrayOutputStream();
            while (true) {
                String size = line(in).split(";")[0].trim();
                int n = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
                if (n == 0) {
                    break;
                }
                chunks.write(in.readNBytes(n));
                line(in);
            }
            body = chunks.toByteArray();
        } else {
            body = in.readAllBytes();
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8), millis(started), null);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    // ---------------------------------------------------------------- helpers

    private static <T> T next(Arbitrary<T> arbitrary, Random random) {
        return arbitrary.generator(GEN_SIZE).next(random).value();
    }

    private static long millis(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static JsonObject parseObject(String text) {
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            JsonValue value = reader.readValue();
            return value instanceof JsonObject object ? object : null;
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /** A cursor-shaped value: base64url of "version|micros|id" with hostile parts, or noise. */
    private static String cursorLike(Random random) {
        String[] plains = {
            "1|1|\u0000",
            "1|1|" + "a".repeat(3000),
            "1|99999999999999999|x",
            "1|-99999999999999999|x",
            "1|9223372036854775807|x",
            "1|-9223372036854775808|x",
            "1|0|%",
            "1|1|x|y",
            "1|+1|x",
            "1| 1|x",
            "1|1e5|x",
            "2|1|x",
            "1||x"
        };
        if (random.nextInt(4) == 0) {
            return new String[] {"x", "____", "====", "%00", "A".repeat(6000), "MXwxfA%3D%3D", "%ff%fe"}
                    [random.nextInt(7)];
        }
        return java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(plains[random.nextInt(plains.length)].getBytes(StandardCharsets.UTF_8));
    }

    private static String percentEncode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "-._~:@!$&'()*+,;=".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            out.append(String.format("\\x%02x", b & 0xff));
        }
        return out.toString();
    }

    /** A short name for a generated value: its start and length. */
    private static String describe(String value) {
        return value.length() <= 40 ? value : excerpt(value, 24) + " (" + value.length() + " chars)";
    }

    private static String excerpt(String text, int max) {
        String clean = text.replace("\r", "\\r").replace("\n", "\\n").replace("\u0000", "\\0");
        return clean.length() <= max ? clean : clean.substring(0, max) + "…";
    }
}
