package dev.memoria.fact.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RememberServiceSlicesTest {

    private static List<Integer> sizes(List<FactInput> inputs) {
        return RememberService.slices(inputs).stream().map(List::size).toList();
    }

    @Test
    void aBatchOfSmallFactsIsOneSlice() {
        List<FactInput> inputs = java.util.Collections.nCopies(1000, FactInput.of(Map.of("content", "x".repeat(100))));
        assertEquals(List.of(1000), sizes(inputs));
    }

    @Test
    void slicesHoldAtMostTheLimitAndKeepTheOrder() {
        int perSlice = RememberService.SLICE_CHARACTERS / 8000; // 62 facts of 8,000 characters
        List<FactInput> inputs = new java.util.ArrayList<>();
        for (int i = 0; i < 2 * perSlice + 6; i++) {
            inputs.add(FactInput.of(Map.of("content", String.format("%04d", i) + "x".repeat(7996))));
        }
        List<List<FactInput>> slices = RememberService.slices(inputs);
        assertEquals(
                List.of(perSlice, perSlice, 6), slices.stream().map(List::size).toList());
        assertEquals(inputs, slices.stream().flatMap(List::stream).toList());
    }
}
