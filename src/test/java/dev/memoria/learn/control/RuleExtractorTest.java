package dev.memoria.learn.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.memoria.fact.entity.FactType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleExtractorTest {

    private static List<String> contents(String... userTurns) {
        return RuleExtractor.extract(java.util.Arrays.stream(userTurns)
                        .map(t -> new Turn("user", t))
                        .toList())
                .facts()
                .stream()
                .map(ExtractedFact::content)
                .toList();
    }

    @Test
    void fillerGivesNothing() {
        assertEquals(
                List.of(),
                contents(
                        "hey",
                        "thanks!",
                        "ok got it",
                        "Hello there",
                        "cool, thank you so much",
                        "can you make the function async?",
                        "what is the weather like?"));
    }

    @Test
    void changeStatementsAreLearnedAndNameTheValueTheyReplace() {
        assertEquals(
                List.of(
                        "User switched to Kotlin",
                        "User switched from Python to Kotlin",
                        "User moved from Lisbon to Berlin last year",
                        "User no longer drinks coffee",
                        "User no longer uses Jira",
                        "User dislikes cilantro"),
                contents(
                        "I switched to Kotlin",
                        "I've just switched from Python to Kotlin",
                        "We moved from Lisbon to Berlin last year",
                        "I no longer drink coffee",
                        "I don't use Jira anymore",
                        "I don't like cilantro"));
        List<String> replaced = RuleExtractor.extract(List.of(
                        new Turn("user", "I switched from Python to Kotlin"),
                        new Turn("user", "I don't use Jira anymore"),
                        new Turn("user", "I switched to Kotlin")))
                .facts()
                .stream()
                .map(ExtractedFact::replacedValue)
                .toList();
        assertEquals(java.util.Arrays.asList("Python", "Jira", null), replaced);
    }

    @Test
    void agentmemoExamples() {
        assertEquals(
                List.of(
                        "User dislikes working with async",
                        "User deploys on kubernetes",
                        "User prefers concise responses",
                        "User deploys everything in Docker"),
                contents(
                        "I really hate working with async",
                        "by the way we deploy on kubernetes",
                        "can you make it shorter please",
                        "I deploy everything in Docker"));
    }

    @Test
    void explicitRememberIsRewrittenInThirdPerson() {
        assertEquals(
                List.of("User's wife is called Anna", "The release is on Friday"),
                contents("Please remember that my wife is called Anna.", "Remember: the release is on Friday"));
    }

    @Test
    void noteNeedsThatOrAColon() {
        assertEquals(
                List.of("User's flight leaves at 9", "The office closes on Fridays"),
                contents(
                        "Note that my flight leaves at 9",
                        "Note to self: buy milk",
                        "note: the office closes on Fridays"));
    }

    @Test
    void profileFacts() {
        assertEquals(
                List.of(
                        "User works at Acme Corp",
                        "User is a senior backend developer at Acme",
                        "User's name is Maria Silva",
                        "User's time zone is Europe/Lisbon",
                        "User lives in Lisbon"),
                contents(
                        "I work at Acme Corp.",
                        "I'm a senior backend developer at Acme",
                        "My name is Maria Silva",
                        "my timezone is Europe/Lisbon",
                        "I live in Lisbon"));
    }

    @Test
    void twoFactsInOneSentenceAndQuestionsSkipped() {
        assertEquals(
                List.of("User prefers dark mode", "User's time zone is PST"),
                contents("I prefer dark mode and my time zone is PST. Do you know Go?"));
    }

    @Test
    void saltAndPepperStaysOneFact() {
        assertEquals(List.of("User likes salt and pepper"), contents("I like salt and pepper"));
    }

    @Test
    void lowercaseWordIsNotAName() {
        assertEquals(List.of(), contents("I'm tired", "I am fine"));
    }

    @Test
    void typesImportanceAndCategories() {
        List<ExtractedFact> facts = RuleExtractor.extract(List.of(
                        new Turn("user", "I prefer Python"),
                        new Turn("assistant", "I prefer Java"),
                        new Turn("user", "I work for Initech")))
                .facts();
        assertEquals(2, facts.size());
        assertEquals(FactType.PROCEDURAL, facts.get(0).type());
        assertEquals("preferences", facts.get(0).category());
        assertEquals(0, facts.get(0).turn());
        assertEquals(FactType.SEMANTIC, facts.get(1).type());
        assertEquals("profile", facts.get(1).category());
        assertEquals(2, facts.get(1).turn());
        assertTrue(facts.get(1).importance() > facts.get(0).importance());
    }

    @Test
    void skippedCountsUserTurnsWithoutFacts() {
        List<Turn> turns = List.of(
                new Turn("user", "hi"),
                new Turn("assistant", "Hello!"),
                new Turn("user", "I use Neovim"),
                new Turn("user", "thanks"));
        assertEquals(2, RuleExtractor.extract(turns).skippedUserTurns(turns));
    }

    @Test
    void verbsAreConjugated() {
        assertEquals("prefers", RuleExtractor.verb("prefer"));
        assertEquals("watches", RuleExtractor.verb("watch"));
        assertEquals("has", RuleExtractor.verb("have"));
        assertEquals("carries", RuleExtractor.verb("carry"));
        assertEquals("deploys", RuleExtractor.verb("deploy"));
    }

    @Test
    void closingWordsAndPunctuationAreTrimmedOnlyAsWholeWords() {
        assertEquals("I like tea", RuleExtractor.withoutTail("I like tea, thanks!"));
        assertEquals("We deploy on k8s", RuleExtractor.withoutTail("We deploy on k8s please."));
        assertEquals("I use Go", RuleExtractor.withoutTail("I use Go as well;"));
        assertEquals("I like tattoo", RuleExtractor.withoutTail("I like tattoo"));
        assertEquals(
                "I like tea" + " ".repeat(8000) + "x",
                RuleExtractor.withoutTail("I like tea" + " ".repeat(8000) + "x"));
    }
}
