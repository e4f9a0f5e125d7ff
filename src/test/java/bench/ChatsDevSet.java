package bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-written conversations of {@code src/test/resources/bench/chats} (README there: written by a helper that
 * never saw the ranking; c1-c4 to tune on, c5-c8 reported), read as the synthetic set's turns and questions so
 * {@link ConversationRecallBench} ranks them the same way.
 */
final class ChatsDevSet {

    static final String RESOURCE = "/bench/chats/conversations.jsonl";

    private ChatsDevSet() {}

    static List<ConversationDevSet.Turn> turns() {
        List<ConversationDevSet.Turn> turns = new ArrayList<>();
        for (JsonObject conversation : conversations()) {
            String name = conversation.getString("conversation");
            for (JsonValue s : conversation.getJsonArray("sessions")) {
                JsonObject session = s.asJsonObject();
                LocalDate date = OffsetDateTime.parse(session.getString("time")).toLocalDate();
                for (JsonValue t : session.getJsonArray("turns")) {
                    JsonObject turn = t.asJsonObject();
                    turns.add(new ConversationDevSet.Turn(
                            name, turn.getString("id"), date, turn.getString("speaker"), turn.getString("text")));
                }
            }
        }
        return turns;
    }

    static List<ConversationDevSet.Question> questions() {
        List<ConversationDevSet.Question> questions = new ArrayList<>();
        for (JsonObject conversation : conversations()) {
            for (JsonValue q : conversation.getJsonArray("questions")) {
                JsonObject question = q.asJsonObject();
                questions.add(new ConversationDevSet.Question(
                        conversation.getString("conversation"),
                        question.getString("kind"),
                        question.getString("q"),
                        question.getJsonArray("evidence").getValuesAs(JsonValue::toString).stream()
                                .map(id -> id.replace("\"", ""))
                                .toList()));
            }
        }
        return questions;
    }

    /** c1-c4 are tuned on; c5-c8 are reported. */
    static boolean tuning(String conversation) {
        return Integer.parseInt(conversation.substring(1)) <= 4;
    }

    private static List<JsonObject> conversations() {
        try (InputStream in = ChatsDevSet.class.getResourceAsStream(RESOURCE)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines()
                    .filter(line -> !line.isBlank())
                    .map(line -> Json.createReader(new StringReader(line)).readObject())
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + RESOURCE, e);
        }
    }
}
