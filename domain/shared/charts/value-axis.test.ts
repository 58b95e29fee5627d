import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { accuracyAxis, durationAxis } from "./value-axis.ts";

describe("the progress chart's axes", () => {
  test("accuracy spans 0 to 100% in quarters", () => {
    const axis = accuracyAxis(73.5);
    expect(axis.ticks).toEqual([0, 25, 50, 75, 100]);
    expect(axis.ticks.map(axis.tickLabel)).toEqual(["0%", "25%", "50%", "75%", "100%"]);
    expect(accuracyAxis(null).top).toBe(100);
  });

  test("time is marked in seconds for short sessions and in minutes for longer ones", () => {
    const short = durationAxis(42);
    expect(short.ticks).toEqual([0, 10, 20, 30, 40, 50]);
    expect(short.title).toBe("Time (seconds)");
    expect(short.tickLabel(30)).toBe("30 s");
    const long = durationAxis(754.3);
    expect(long.ticks).toEqual([0, 300, 600, 900]);
    expect(long.title).toBe("Time (minutes)");
    expect(long.ticks.map(long.tickLabel)).toEqual(["0 min", "5 min", "10 min", "15 min"]);
    expect(durationAxis(null).ticks).toEqual([0, 15, 30, 45, 60]);
  });

  test.prop([fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: null })])("a time axis starts at zero, rises evenly and reaches the longest session in at most five steps", (longest) => {
    const axis = durationAxis(longest);
    expect(axis.ticks[0]).toBe(0);
    expect(axis.ticks.at(-1)).toBe(axis.top);
    expect(axis.top).toBeGreaterThanOrEqual(longest ?? 0);
    expect(axis.ticks.length - 1).toBeLessThanOrEqual(5);
    const step = axis.ticks[1] ?? 0;
    expect(step).toBeGreaterThan(0);
    axis.ticks.forEach((tick, index) => expect(tick).toBe(index * step));
  });

  test.prop([fc.option(fc.double({ min: 0, max: 1000, noNaN: true }), { nil: null })])("the accuracy axis always holds the highest value", (highest) => {
    const axis = accuracyAxis(highest);
    expect(axis.top).toBeGreaterThanOrEqual(highest ?? 0);
    expect(axis.ticks.at(-1)).toBe(axis.top);
  });
});
