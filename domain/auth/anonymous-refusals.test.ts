import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ANONYMOUS_REFUSAL_WINDOW_MS, anonymousRefusalWindow, isAnonymousRefusal } from "./anonymous-refusals.ts";

const instantArb = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));

describe("anonymousRefusalWindow", () => {
  test.prop([instantArb])("holds the attempt: it starts at or before it, less than a window earlier, on the hour", (at) => {
    const start = anonymousRefusalWindow(at).getTime();
    expect(start).toBeLessThanOrEqual(at.getTime());
    expect(at.getTime() - start).toBeLessThan(ANONYMOUS_REFUSAL_WINDOW_MS);
    expect(start % ANONYMOUS_REFUSAL_WINDOW_MS).toBe(0);
  });

  test.prop([instantArb, fc.integer({ min: 0, max: ANONYMOUS_REFUSAL_WINDOW_MS - 1 })])("puts every attempt of one hour in the same summary", (at, offset) => {
    const start = anonymousRefusalWindow(at);
    expect(anonymousRefusalWindow(new Date(start.getTime() + offset))).toEqual(start);
  });

  it("starts a new summary at the top of the next hour", () => {
    expect(anonymousRefusalWindow(new Date("2026-03-01T12:59:59.999Z")).toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect(anonymousRefusalWindow(new Date("2026-03-01T13:00:00.000Z")).toISOString()).toBe("2026-03-01T13:00:00.000Z");
  });
});

describe("isAnonymousRefusal", () => {
  test.prop([fc.constantFrom("failure", "denied"), fc.integer({ min: 1 })])("keeps every refusal that names an account as its own row", (outcome, userId) => {
    expect(isAnonymousRefusal({ userId, outcome })).toBe(false);
  });

  it("counts refusals without an account, never a success", () => {
    expect(isAnonymousRefusal({ userId: null, outcome: "failure" })).toBe(true);
    expect(isAnonymousRefusal({ userId: null, outcome: "denied" })).toBe(true);
    expect(isAnonymousRefusal({ userId: null, outcome: "success" })).toBe(false);
  });
});
