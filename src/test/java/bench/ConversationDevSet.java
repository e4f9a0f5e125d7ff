package bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Long multi-session conversations between two people, generated with a fixed seed from hand-written life threads
 * (src/test/resources/bench/conversations/topics.txt), in the manner of LoCoMo: casual chit-chat, the other
 * speaker's reactions repeating the words of what was told, small talk that shares the common words, and
 * questions of four kinds (a single fact, several facts, "when", open) whose evidence turns are known. Each turn
 * is one fact, {@code "Speaker: text"}; each conversation is one scope.
 *
 * <p>Conversations 1–6 are the tuning half, 7–12 the reporting half. Regenerate the files with
 * {@code ./mvnw -q test-compile exec:java -Dexec.mainClass=bench.ConversationDevSet -Dexec.classpathScope=test}
 * (they are committed; the output is the same on every run).
 */
public final class ConversationDevSet {

    static final long SEED = 34;
    static final int CONVERSATIONS = 12;
    static final int THREADS_PER_SPEAKER = 6;
    static final Path DIRECTORY = Path.of("src/test/resources/bench/conversations");

    record Turn(String conversation, String id, LocalDate date, String speaker, String text) {
        String fact() {
            return speaker + ": " + text;
        }
    }

    record Question(String conversation, String kind, String text, List<String> evidence) {
        boolean tuning() {
            return Integer.parseInt(conversation.substring(conversation.indexOf('-') + 1)) <= CONVERSATIONS / 2;
        }
    }

    record Topic(String key, Map<String, List<String>> slots, Map<String, String> lines, List<String[]> questions) {}

    record Person(String name, String subject, String possessive) {}

    private record Event(int thread, int index) {}

    static final List<Person> PEOPLE = List.of(
            new Person("Caroline", "she", "her"),
            new Person("Melanie", "she", "her"),
            new Person("Jon", "he", "his"),
            new Person("Gina", "she", "her"),
            new Person("John", "he", "his"),
            new Person("Maria", "she", "her"),
            new Person("Joanna", "she", "her"),
            new Person("Nate", "he", "his"),
            new Person("Tim", "he", "his"),
            new Person("Audrey", "she", "her"),
            new Person("Andrew", "he", "his"),
            new Person("Evan", "he", "his"),
            new Person("Sam", "he", "his"),
            new Person("Deborah", "she", "her"),
            new Person("Jolene", "she", "her"),
            new Person("Calvin", "he", "his"),
            new Person("Dave", "he", "his"),
            new Person("Priya", "she", "her"),
            new Person("Tom", "he", "his"),
            new Person("Rosa", "she", "her"),
            new Person("Kevin", "he", "his"),
            new Person("Hannah", "she", "her"),
            new Person("Leo", "he", "his"),
            new Person("Nina", "she", "her"));

    static final List<String> GREETINGS = List.of(
            "Hey {Y}! How have you been?",
            "Hi {Y}, it's been a while! What's new with you?",
            "Good morning {Y}! Hope your week is going well.",
            "Hey {Y}, long time no talk! How's everything?",
            "Hi {Y}! I was just thinking about you. How are things?",
            "{Y}! So good to hear from you. How was your week?");
    static final List<String> GREETING_REPLIES = List.of(
            "Hi {Y}! I'm good, busy as always. Lots to tell you!",
            "Hey! Things have been a bit hectic, but good. How about you?",
            "So good to hear from you, {Y}! It's been a crazy couple of weeks.",
            "Doing well, thanks! A lot has happened since we last talked.",
            "Hey {Y}! I'm hanging in there. Life has been full lately.");
    static final List<String[]> SMALL_TALK = List.of(
            new String[] {
                "Work has been so busy lately. I barely have time for myself.",
                "I hear you. Make sure you take some time to rest this weekend."
            },
            new String[] {
                "The weather has been so nice this week, I've been walking every evening.",
                "Same here! I love this time of year."
            },
            new String[] {
                "I've been trying to drink less coffee, but it's not going well.",
                "Haha, coffee is life. Don't be too hard on yourself."
            },
            new String[] {
                "Have you watched anything good lately?",
                "We started a new crime show, it's so addictive. We watched three episodes last night."
            },
            new String[] {
                "I had the best pizza last night at that new place downtown.",
                "Ooh, I need to try it. I love a good pizza."
            },
            new String[] {
                "My family came over for dinner on Sunday. It was loud but fun.",
                "Family dinners are the best, even when they're chaos."
            },
            new String[] {
                "I've been feeling a bit tired lately, I think I need a vacation.",
                "You deserve one! Even a long weekend away would help."
            },
            new String[] {
                "I finally cleaned out my closet this weekend. So many old clothes!",
                "That feels so good. Did you donate them?"
            },
            new String[] {
                "Our neighbor's dog barks all night, I haven't slept well.",
                "Ugh, that's the worst. Maybe try earplugs?"
            },
            new String[] {
                "I'm trying to eat healthier, lots of salads this week.",
                "Good for you! I keep saying I'll start on Monday."
            },
            new String[] {
                "It rained the whole weekend so we stayed in and played board games.",
                "Board games on a rainy day sound perfect, honestly."
            },
            new String[] {
                "I've been thinking a lot about what really makes me happy.",
                "That's a good thing to think about. Friends and family, for me."
            },
            new String[] {
                "My phone broke on Tuesday and I felt lost without it.",
                "It's funny how much we rely on our phones these days."
            },
            new String[] {
                "I started waking up earlier to have some quiet time before work.",
                "That's a great habit. I'm not a morning person at all."
            },
            new String[] {
                "We had a power outage last night, so we lit candles and talked for hours.",
                "That sounds kind of cozy actually."
            },
            new String[] {
                "I've been so stressed about money lately. Everything is getting expensive.",
                "Tell me about it. Groceries cost twice what they used to."
            },
            new String[] {
                "My sister called me yesterday, we talked for two hours.",
                "I love long calls like that. How is she doing?"
            },
            new String[] {
                "I need a new hobby for the winter. Any ideas?", "Maybe something creative? It always helps me relax."
            },
            new String[] {
                "Traffic this morning was terrible, it took me an hour to get to work.",
                "Ugh, mornings like that ruin the whole day."
            },
            new String[] {
                "I've been listening to a lot of old music lately. It makes me nostalgic.",
                "Music is the best time machine. What have you been playing?"
            });
    static final List<String> REACTIONS = List.of(
            "That's so great to hear!",
            "I'm really happy for you, {Y}.",
            "Wow, that sounds amazing.",
            "Haha, I love that.",
            "You always inspire me, {Y}!",
            "Thanks for sharing that with me.",
            "That must have felt really good.",
            "I can only imagine. Keep me posted!");
    /** Small talk about a thread after it began: {B} asks, {A} answers with nothing new (the same-topic look-alikes). */
    static final List<String> ASKING = List.of(
            "How is {noun} going, {A}?",
            "Any news about {noun}?",
            "I was telling my sister about {noun} the other day. How is it all going?",
            "Are you still busy with {noun}?",
            "So, what's the latest with {noun}?");

    static final List<String> ANSWERING = List.of(
            "Oh, {noun} is going fine, nothing new really. Thanks for asking!",
            "{noun} keeps me busy. Some weeks are better than others.",
            "Honestly I haven't had much time for {noun} lately, work got in the way.",
            "{noun} is still a big part of my life. I think about it every day.",
            "Same as always with {noun}. I'll tell you when there's something new.",
            "I spent most of the weekend on {noun} again, it's become my routine.");
    /** A second sentence some turns carry, as people write: it dilutes a turn's meaning, not its words. */
    static final List<String> ASIDES = List.of(
            "Anyway, work has been crazy this week.",
            "Also, the weather has been lovely lately.",
            "My family says hi, by the way.",
            "I've been so tired lately, though.",
            "Sorry for the late reply, it's been a long day.",
            "Life is busy but good.",
            "I keep meaning to call you more often.",
            "Hope your week is going well too!",
            "I'm writing this from the bus, so excuse the typos.",
            "The kids have been driving me up the wall this week.",
            "It's been raining nonstop here, I miss the sun.",
            "I just made a big pot of tea and I'm finally sitting down.",
            "My back has been bothering me again, getting old is no fun.",
            "We finally fixed the leaky kitchen faucet, small victories.",
            "I've been trying to go to bed earlier, with mixed results.",
            "My mom keeps sending me articles about healthy eating.",
            "The neighbors are renovating and the noise is unbelievable.",
            "I can't believe it's almost the end of the month already.",
            "I've been listening to that podcast you recommended, it's great.",
            "Our fridge broke down on Monday, so we've been eating out a lot.",
            "I finally caught up on sleep last weekend.",
            "My inbox is a disaster right now.",
            "I got a new plant for the living room, fingers crossed it survives.",
            "Traffic on the way home was awful again.");

    static final List<String[]> CLOSINGS = List.of(
            new String[] {"I have to run, but it was great catching up!", "Same here! Talk to you soon, {Y}. Take care!"
            },
            new String[] {"Let's catch up again next week!", "Definitely. Bye for now!"},
            new String[] {"Thanks for listening, {Y}. It really helps to talk.", "Anytime! That's what friends are for."
            },
            new String[] {"I should get some sleep. Good night!", "Good night, {Y}! Sleep well."});

    /** The conversations' turns and questions, the same on every run. */
    static List<Turn> turns;

    static List<Question> questions;

    public static void main(String[] args) throws IOException {
        generate();
        Files.createDirectories(DIRECTORY);
        StringBuilder t = new StringBuilder("# conversation\tturn id\tsession date\tspeaker\ttext\n");
        turns.forEach(turn -> t.append(turn.conversation())
                .append('\t')
                .append(turn.id())
                .append('\t')
                .append(turn.date())
                .append('\t')
                .append(turn.speaker())
                .append('\t')
                .append(turn.text())
                .append('\n'));
        Files.writeString(DIRECTORY.resolve("turns.tsv"), t);
        StringBuilder q = new StringBuilder("# conversation\tkind\tquestion\tevidence turn ids (any one counts)\n");
        questions.forEach(question -> q.append(question.conversation())
                .append('\t')
                .append(question.kind())
                .append('\t')
                .append(question.text())
                .append('\t')
                .append(String.join(",", question.evidence()))
                .append('\n'));
        Files.writeString(DIRECTORY.resolve("questions.tsv"), q);
        System.out.println(turns.size() + " turns, " + questions.size() + " questions");
    }

    static void generate() {
        List<Topic> topics = topics();
        turns = new ArrayList<>();
        questions = new ArrayList<>();
        for (int c = 1; c <= CONVERSATIONS; c++) {
            conversation(String.format("conv-%02d", c), new Random(SEED * 1000 + c), topics);
        }
    }

    private static void conversation(String name, Random random, List<Topic> topics) {
        List<Person> people = new ArrayList<>(PEOPLE);
        Collections.shuffle(people, random);
        Person[] speakers = {people.get(0), people.get(1)};
        List<Topic> chosen = new ArrayList<>(topics);
        Collections.shuffle(chosen, random);
        chosen = chosen.subList(0, 2 * THREADS_PER_SPEAKER);
        int sessions = 24 + random.nextInt(9);
        List<List<Event>> bySession = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            bySession.add(new ArrayList<>());
        }
        List<Map<String, String>> values = new ArrayList<>();
        int[] started = new int[chosen.size()];
        for (int th = 0; th < chosen.size(); th++) {
            Map<String, String> slots = new LinkedHashMap<>();
            chosen.get(th)
                    .slots()
                    .forEach((slot, options) -> slots.put(slot, options.get(random.nextInt(options.size()))));
            values.add(slots);
            List<Integer> at = new ArrayList<>();
            for (int s = 0; s < sessions; s++) {
                at.add(s);
            }
            Collections.shuffle(at, random);
            List<Integer> three = new ArrayList<>(at.subList(0, 3));
            Collections.sort(three);
            started[th] = three.get(0);
            for (int e = 0; e < 3; e++) {
                bySession.get(three.get(e)).add(new Event(th, e + 1));
            }
        }
        LocalDate date = LocalDate.of(2023, 1 + random.nextInt(6), 1 + random.nextInt(28));
        Map<String, String> ids = new LinkedHashMap<>(); // "thread|E1" -> turn id
        for (int s = 0; s < sessions; s++) {
            List<String[]> said = new ArrayList<>(); // {speaker index, text}
            int first = random.nextInt(2);
            said.add(new String[] {"" + first, chat(random, pick(random, GREETINGS))});
            said.add(new String[] {"" + (1 - first), chat(random, pick(random, GREETING_REPLIES))});
            List<Event> events = new ArrayList<>(bySession.get(s));
            Collections.shuffle(events, random);
            int smallTalk = 1 + random.nextInt(events.isEmpty() ? 4 : 3);
            List<Object> segments = new ArrayList<>(events);
            List<Integer> begun = new ArrayList<>();
            for (int th = 0; th < chosen.size(); th++) {
                if (started[th] >= 0 && started[th] < s) {
                    begun.add(th);
                }
            }
            Collections.shuffle(begun, random);
            for (int m = 0; m < Math.min(begun.size(), 2 + random.nextInt(4)); m++) {
                segments.add(random.nextInt(segments.size() + 1), begun.get(m));
            }
            for (int i = 0; i < smallTalk; i++) {
                segments.add(random.nextInt(segments.size() + 1), pick(random, SMALL_TALK));
            }
            for (Object segment : segments) {
                int speaker = random.nextInt(2);
                if (segment instanceof Integer thread) {
                    int owner = thread < THREADS_PER_SPEAKER ? 0 : 1;
                    String noun = chosen.get(thread).lines().get("noun");
                    String asked = pick(random, ASKING).replace("{noun}", noun);
                    said.add(new String[] {"" + (1 - owner), fill(asked, values.get(thread), speakers[owner])});
                    said.add(new String[] {
                        "" + owner,
                        aside(
                                random,
                                fill(
                                        pick(random, ANSWERING).replace("{noun}", noun),
                                        values.get(thread),
                                        speakers[owner]))
                    });
                    continue;
                }
                if (segment instanceof String[] pair) {
                    said.add(new String[] {"" + speaker, chat(random, pair[0])});
                    said.add(new String[] {"" + (1 - speaker), chat(random, pair[1])});
                    continue;
                }
                Event event = (Event) segment;
                int owner = event.thread() < THREADS_PER_SPEAKER ? 0 : 1;
                for (String part : List.of("E", "R", "D")) {
                    String key = event.thread() + "|" + part + event.index();
                    ids.put(key, "D" + (s + 1) + ":" + (said.size() + 1));
                    String line = chosen.get(event.thread()).lines().get(part + event.index());
                    String text = fill(line, values.get(event.thread()), speakers[owner]);
                    said.add(new String[] {"" + (part.equals("R") ? 1 - owner : owner), aside(random, text)});
                }
                if (random.nextInt(3) == 0) {
                    said.add(new String[] {"" + (1 - owner), chat(random, pick(random, REACTIONS))});
                }
            }
            String[] closing = pick(random, CLOSINGS);
            int closer = random.nextInt(2);
            said.add(new String[] {"" + closer, chat(random, closing[0])});
            said.add(new String[] {"" + (1 - closer), chat(random, closing[1])});
            for (int i = 0; i < said.size(); i++) {
                int who = Integer.parseInt(said.get(i)[0]);
                String text = said.get(i)[1].replace("{Y}", speakers[1 - who].name());
                turns.add(new Turn(name, "D" + (s + 1) + ":" + (i + 1), date, speakers[who].name(), text));
            }
            date = date.plusDays(3 + random.nextInt(19));
        }
        for (int th = 0; th < chosen.size(); th++) {
            Person owner = speakers[th < THREADS_PER_SPEAKER ? 0 : 1];
            for (String[] q : chosen.get(th).questions()) {
                int thread = th;
                List<String> evidence = Arrays.stream(q[1].split(","))
                        .map(part -> ids.get(thread + "|" + part))
                        .toList();
                questions.add(new Question(name, q[0], fill(q[2], values.get(th), owner), evidence));
            }
        }
    }

    /** Small talk: always with an aside before or after it, so that it does not repeat word for word. */
    private static String chat(Random random, String text) {
        return random.nextBoolean() ? pick(random, ASIDES) + " " + text : text + " " + pick(random, ASIDES);
    }

    /** The text, and one time in two an aside before or after it. */
    private static String aside(Random random, String text) {
        int roll = random.nextInt(4);
        return roll == 0 ? pick(random, ASIDES) + " " + text : roll == 1 ? text + " " + pick(random, ASIDES) : text;
    }

    private static <T> T pick(Random random, List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private static String fill(String template, Map<String, String> slots, Person owner) {
        String text = template.replace("{A}", owner.name())
                .replace("{poss}", owner.possessive())
                .replace("{sub}", owner.subject());
        for (Map.Entry<String, String> slot : slots.entrySet()) {
            text = text.replace("{" + slot.getKey() + "}", slot.getValue());
        }
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    static List<Topic> topics() {
        List<Topic> topics = new ArrayList<>();
        String key = null;
        Map<String, List<String>> slots = null;
        Map<String, String> lines = null;
        List<String[]> qs = null;
        for (String line : resource("topics.txt")) {
            if (line.isBlank() || line.startsWith("# ")) {
                continue;
            }
            if (line.startsWith("## ")) {
                if (key != null) {
                    topics.add(new Topic(key, slots, lines, qs));
                }
                key = line.substring(3).strip();
                slots = new LinkedHashMap<>();
                lines = new LinkedHashMap<>();
                qs = new ArrayList<>();
            } else if (line.startsWith("slot ")) {
                String[] parts = line.substring(5).split("=", 2);
                slots.put(
                        parts[0].strip(),
                        Arrays.stream(parts[1].split("/")).map(String::strip).collect(Collectors.toList()));
            } else if (line.startsWith("noun ")) {
                lines.put("noun", line.substring(5).strip());
            } else if (line.startsWith("Q ")) {
                String[] head = line.substring(2, line.indexOf('|')).strip().split(" ");
                qs.add(new String[] {
                    head[0], head[1], line.substring(line.indexOf('|') + 1).strip()
                });
            } else {
                lines.put(
                        line.substring(0, line.indexOf(' ')),
                        line.substring(line.indexOf(' ') + 1).strip());
            }
        }
        topics.add(new Topic(key, slots, lines, qs));
        return topics;
    }

    /** The committed turns, read back. */
    static List<Turn> readTurns() {
        return resource("turns.tsv").stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("\t"))
                .map(r -> new Turn(r[0], r[1], LocalDate.parse(r[2]), r[3], r[4]))
                .toList();
    }

    /** The committed questions, read back. */
    static List<Question> readQuestions() {
        return resource("questions.tsv").stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("\t"))
                .map(r -> new Question(r[0], r[1], r[2], List.of(r[3].split(","))))
                .toList();
    }

    static List<String> resource(String file) {
        try (InputStream in = ConversationDevSet.class.getResourceAsStream("/bench/conversations/" + file);
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ConversationDevSet() {}
}
