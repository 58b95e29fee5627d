import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  FINAL_ANNOUNCEMENT_SECONDS,
  IDLE_SIGNED_OUT_NOTICE,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_AFTER_MS,
  IDLE_WARNING_LEAD_MS,
  KEEP_ALIVE_INTERVAL_MS,
  idleWarningAnnouncement,
  idleWarningText,
  secondsLeft,
} from "./idle-policy.ts";

describe("the idle policy", () => {
  it("signs off after 30 minutes, warning one minute before", () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * 60_000);
    expect(IDLE_WARNING_LEAD_MS).toBe(60_000);
    expect(IDLE_WARNING_AFTER_MS).toBe(29 * 60_000);
  });

  it("keeps the server informed well within its idle limit, and not more often than the warning lead", () => {
    expect(KEEP_ALIVE_INTERVAL_MS).toBeLessThan(IDLE_WARNING_AFTER_MS);
    expect(KEEP_ALIVE_INTERVAL_MS).toBeGreaterThan(IDLE_WARNING_LEAD_MS);
  });
});

describe("secondsLeft", () => {
  it.each([
    [60_000, 0, 60],
    [60_000, 1, 60],
    [60_000, 999, 60],
    [60_000, 1_000, 59],
    [60_000, 59_001, 1],
    [60_000, 60_000, 0],
    [60_000, 90_000, 0],
  ])("deadline %d at %d leaves %d s", (deadline, now, expected) => {
    expect(secondsLeft(deadline, now)).toBe(expected);
  });

  test.prop([fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 })])(
    "never goes up as time passes, and is never negative",
    (deadline, now, later) => {
      const before = secondsLeft(deadline, now);
      const after = secondsLeft(deadline, now + later);
      expect(after).toBeLessThanOrEqual(before);
      expect(after).toBeGreaterThanOrEqual(0);
    },
  );
});

describe("the warning's words", () => {
  it("says when and why, with the unit agreeing with the number", () => {
    expect(idleWarningText(60)).toBe("For your patients' privacy, you will be signed out in 60 seconds.");
    expect(idleWarningText(1)).toBe("For your patients' privacy, you will be signed out in 1 second.");
  });

  test.prop([fc.integer({ min: 0, max: 60 })])("announces nothing before the last ten seconds, then one unchanging reminder", (seconds) => {
    const text = idleWarningAnnouncement(seconds);
    if (seconds > FINAL_ANNOUNCEMENT_SECONDS) expect(text).toBe("");
    else expect(text).toBe(idleWarningAnnouncement(FINAL_ANNOUNCEMENT_SECONDS));
  });

  it("names the way out in the final reminder", () => {
    expect(idleWarningAnnouncement(10)).toContain("Stay signed in");
  });
});

describe("the signed-out notice", () => {
  it("says why, with the real idle limit", () => {
    expect(IDLE_SIGNED_OUT_NOTICE).toEqual({
      title: "You were signed out",
      description: "For your patients' privacy, you were signed out after 30 minutes without activity.",
    });
  });
});
