import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { formatDuration, INVALID_TIME } from "./duration.ts";

describe("formatDuration", () => {
  test.each([
    [0, "0 seconds"],
    [0.04, "0 seconds"],
    [1, "1 second"],
    [45, "45 seconds"],
    [4.5, "4.5 seconds"],
    [1.15, "1.2 seconds"],
    [60, "1 minute"],
    [65, "1 minute 5 seconds"],
    [120, "2 minutes"],
    [59.96, "1 minute"],
    [3599, "59 minutes 59 seconds"],
    [3600, "1 hour"],
    [3661, "1 hour 1 minute 1 second"],
    [7205, "2 hours 5 seconds"],
    [90_000, "25 hours"],
  ])("%d seconds reads %j", (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  test.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])("%j is an invalid time", (input) => {
    expect(formatDuration(input)).toBe(INVALID_TIME);
  });

  test.prop([fc.integer({ min: 1, max: 1_000_000 })])("the parts add back up to the whole seconds", (seconds) => {
    const text = formatDuration(seconds);
    const amount = (name: string) => Number(new RegExp(`(\\d+) ${name}`).exec(text)?.[1] ?? 0);
    expect(amount("hour") * 3600 + amount("minute") * 60 + amount("second")).toBe(seconds);
  });

  test.prop([fc.double({ min: 0.05, max: 1e6, noNaN: true })])("a positive duration never reads as zero or invalid", (seconds) => {
    expect(formatDuration(seconds)).not.toMatch(/^(0 seconds|Invalid time)$/);
  });
});
