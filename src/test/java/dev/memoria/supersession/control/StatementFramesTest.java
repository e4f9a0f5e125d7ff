package dev.memoria.supersession.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatementFramesTest {

    private static boolean replaces(String older, String newer) {
        return StatementFrames.match(newer, older).isPresent();
    }

    @Test
    void aLaterValueOfTheSameFrameReplacesTheOlderWithOrWithoutAWordOfChange() {
        for (List<String> pair : List.of(
                List.of("Sprint review: Friday 3pm", "Sprint review: Thursday 4pm"),
                List.of(
                        "The monthly cloud budget for team Atlas is 10,000 dollars",
                        "The monthly cloud budget for team Atlas is 6,000 dollars"),
                List.of("My manager is Laura", "My manager changed to Tom"),
                List.of(
                        "The public API rate limit is 100 requests per minute",
                        "The public API rate limit was raised to 500 requests per minute"),
                List.of("Standup starts at 9:30", "Standup now starts at 10:15"))) {
            assertTrue(replaces(pair.get(0), pair.get(1)), pair::toString);
        }
    }

    @Test
    void lookAlikesStayBothTrue() {
        for (List<String> pair : List.of(
                List.of(
                        "The budget for team Atlas is 10,000 dollars",
                        "The budget for team Borealis is 10,000 dollars"),
                List.of("I speak French", "I speak Spanish now"),
                List.of("I am a nurse", "I am vegetarian"),
                List.of("Mia is shy", "Mia is tall"),
                List.of("We use Jira for tickets", "We also use Linear for design"),
                List.of("Therapy is on Wednesdays at 6pm", "Therapy is on Friday this week only"),
                List.of("User's son is allergic to eggs", "User's son transferred to Hillcrest Academy"),
                List.of("harbour fact number 3", "harbour fact number 4"),
                List.of("Budget is $5k", "Budget is $5,000"),
                List.of("Standup is at 9:30", "Might move standup to 10:15?"))) {
            assertFalse(replaces(pair.get(0), pair.get(1)), pair::toString);
        }
    }

    @Test
    void aMatchSaysWhatMatchedAndHowSure() {
        StatementFrames.Match match = StatementFrames.match(
                        "Sprint review: Thursday 4pm now", "Sprint review: Friday 3pm")
                .orElseThrow();
        assertEquals("sprint review : _", match.frame());
        assertEquals(StatementFrames.CHANGE_SAID, match.confidence());
        assertTrue(StatementFrames.shareAFrame("I speak French", "I speak Spanish now"), "dated, though not hidden");
    }
}
