package dev.memoria.cli;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the CLI prints: aligned tables for people, the server's JSON as it came for scripts (--json). */
final class Output {

    private static final int MAX_CELL = 80;

    private final PrintWriter out;
    private final boolean json;

    Output(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    boolean isJson() {
        return json;
    }

    void json(JsonValue value) {
        out.println(value);
        out.flush();
    }

    void line(String text) {
        out.println(text);
        out.flush();
    }

    /** Facts as a table of the fields a person scans, or the JSON when asked for it. */
    void facts(JsonValue whole, List<JsonObject> facts, List<Double> scores) {
        if (json) {
            json(whole);
            return;
        }
        List<String> header = new ArrayList<>(List.of("ID", "KEY", "CATEGORY", "TYPE", "IMPORTANCE", "CONTENT"));
        if (scores != null) {
            header.add(0, "SCORE");
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < facts.size(); i++) {
            JsonObject fact = facts.get(i);
            List<String> row = new ArrayList<>(List.of(
                    fact.getString("id"),
                    fact.get("key") instanceof JsonString key ? key.getString() : "-",
                    fact.getString("category"),
                    fact.getString("type"),
                    String.format(
                            Locale.ROOT,
                            "%.2f",
                            fact.getJsonNumber("importance").doubleValue()),
                    (fact.getBoolean("persistent") ? "* " : "") + fact.getString("content")));
            if (scores != null) {
                row.add(0, String.format(Locale.ROOT, "%.3f", scores.get(i)));
            }
            rows.add(row);
        }
        table(header, rows);
        out.println(facts.size() + (facts.size() == 1 ? " fact" : " facts") + " (* persistent)");
        out.flush();
    }

    /** A JSON object as "name  value" lines, nested objects one level indented. */
    void fields(JsonObject object) {
        if (json) {
            json(object);
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        object.forEach((name, value) -> {
            if (value instanceof JsonObject nested) {
                rows.add(List.of(name, ""));
                nested.forEach((inner, innerValue) -> rows.add(List.of("  " + inner, text(innerValue))));
            } else {
                rows.add(List.of(name, text(value)));
            }
        });
        table(null, rows);
    }

    void table(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        if (header != null) {
            all.add(header);
        }
        all.addAll(rows);
        int columns = all.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        for (List<String> row : all) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], Math.min(MAX_CELL, row.get(c).length()));
            }
        }
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                String cell = cell(row.get(c));
                line.append(c == row.size() - 1 ? cell : String.format("%-" + widths[c] + "s  ", cell));
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }

    private static String cell(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() > MAX_CELL ? oneLine.substring(0, MAX_CELL - 1) + "…" : oneLine;
    }

    static String text(JsonValue value) {
        if (value instanceof JsonString s) {
            return s.getString();
        }
        if (value instanceof JsonNumber n) {
            return n.isIntegral()
                    ? n.bigIntegerValue().toString()
                    : String.format(Locale.ROOT, "%.3f", n.doubleValue());
        }
        if (value instanceof JsonArray array) {
            List<String> items = new ArrayList<>();
            array.forEach(item -> items.add(text(item)));
            return String.join(", ", items);
        }
        return value == JsonValue.NULL ? "-" : value.toString();
    }
}
