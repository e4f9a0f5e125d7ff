package dev.memoria.console.control;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Geometry of a server-rendered SVG bar chart of daily counts: one bar per day (days without data are
 * zero), heights scaled to the largest count, which is rounded up to a readable axis maximum.
 */
public record BarChart(int width, int height, long axisMax, List<Bar> bars) {

    public static final int WIDTH = 600;
    public static final int HEIGHT = 160;
    static final int GAP = 2;

    public record Bar(LocalDate day, long count, double x, double y, double width, double height) {
        public String label() {
            return day + ": " + count;
        }
    }

    public static BarChart of(LocalDate firstDay, int days, Map<LocalDate, Long> counts) {
        long max = 0;
        for (int i = 0; i < days; i++) {
            max = Math.max(max, counts.getOrDefault(firstDay.plusDays(i), 0L));
        }
        long axisMax = niceCeiling(max);
        double slot = (double) WIDTH / days;
        List<Bar> bars = new ArrayList<>(days);
        for (int i = 0; i < days; i++) {
            LocalDate day = firstDay.plusDays(i);
            long count = counts.getOrDefault(day, 0L);
            double height = (double) HEIGHT * count / axisMax;
            bars.add(new Bar(
                    day, count, round(i * slot + GAP / 2.0), round(HEIGHT - height), round(slot - GAP), round(height)));
        }
        return new BarChart(WIDTH, HEIGHT, axisMax, bars);
    }

    /** The smallest 1, 2 or 5 times a power of ten that is at least {@code value} (at least 1). */
    static long niceCeiling(long value) {
        if (value <= 1) {
            return 1;
        }
        long power = 1;
        while (power * 10 < value) {
            power *= 10;
        }
        for (long step : new long[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    public long total() {
        return bars.stream().mapToLong(Bar::count).sum();
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
