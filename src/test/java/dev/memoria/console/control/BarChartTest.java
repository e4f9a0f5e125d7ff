package dev.memoria.console.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BarChartTest {

    private static final LocalDate DAY = LocalDate.of(2026, 3, 1);

    @Test
    void oneBarADayWithMissingDaysAtZero() {
        BarChart chart = BarChart.of(DAY, 30, Map.of(DAY.plusDays(3), 7L));
        assertEquals(30, chart.bars().size());
        assertEquals(DAY, chart.bars().get(0).day());
        assertEquals(DAY.plusDays(29), chart.bars().get(29).day());
        assertEquals(0, chart.bars().get(0).count());
        assertEquals(0.0, chart.bars().get(0).height());
        assertEquals(7, chart.bars().get(3).count());
        assertEquals(7, chart.total());
    }

    @Test
    void heightsScaleToARoundedAxisMaximum() {
        BarChart chart = BarChart.of(DAY, 2, Map.of(DAY, 40L, DAY.plusDays(1), 100L));
        assertEquals(100, chart.axisMax());
        assertEquals(BarChart.HEIGHT, chart.bars().get(1).height(), 1e-9, "the largest fills the chart");
        assertEquals(0.0, chart.bars().get(1).y(), 1e-9);
        assertEquals(BarChart.HEIGHT * 0.4, chart.bars().get(0).height(), 1e-9);
        assertEquals(BarChart.HEIGHT * 0.6, chart.bars().get(0).y(), 1e-9, "bars stand on the bottom edge");
    }

    @Test
    void barsShareTheWidthWithAGap() {
        BarChart chart = BarChart.of(DAY, 30, Map.of());
        assertEquals(18.0, chart.bars().get(0).width(), 1e-9);
        assertEquals(1.0, chart.bars().get(0).x(), 1e-9);
        assertEquals(581.0, chart.bars().get(29).x(), 1e-9);
    }

    @Test
    void axisMaximumIsOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(1, BarChart.niceCeiling(0));
        assertEquals(1, BarChart.niceCeiling(1));
        assertEquals(2, BarChart.niceCeiling(2));
        assertEquals(5, BarChart.niceCeiling(3));
        assertEquals(10, BarChart.niceCeiling(7));
        assertEquals(10, BarChart.niceCeiling(10));
        assertEquals(20, BarChart.niceCeiling(11));
        assertEquals(500, BarChart.niceCeiling(201));
        assertEquals(1000, BarChart.niceCeiling(501));
    }
}
