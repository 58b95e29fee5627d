import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { AUTH_POLICY } from "./auth-policy.ts";
import { EMPTY_GUARD, type FailureKind, type GuardState, afterFailure, guardKey, lockStatus } from "./sign-in-guard.ts";

const START = new Date("2026-03-01T12:00:00Z");
const MINUTE = 60_000;
const at = (ms: number) => new Date(START.getTime() + ms);

const fail = (state: GuardState, kind: FailureKind, ms: number) => afterFailure(state, kind, at(ms));

describe("the sign-in guard", () => {
  it("locks on the 5th wrong password within 15 minutes, for 15 minutes", () => {
    let state = EMPTY_GUARD;
    for (let i = 0; i < 4; i += 1) {
      const next = fail(state, "password", i * MINUTE);
      expect(next.lockStarted).toBeUndefined();
      state = next.state;
    }
    const fifth = fail(state, "password", 14 * MINUTE);
    expect(fifth.lockStarted).toBe("password_failures");
    expect(lockStatus(fifth.state, at(14 * MINUTE))).toEqual({ locked: true, reason: "locked", retryAfterSeconds: 900 });
    expect(lockStatus(fifth.state, at(29 * MINUTE - 1)).locked).toBe(true);
    expect(lockStatus(fifth.state, at(29 * MINUTE)).locked).toBe(false);
  });

  it("starts a new window once the old one ended", () => {
    let state = EMPTY_GUARD;
    for (let i = 0; i < 4; i += 1) state = fail(state, "password", 0).state;
    const late = fail(state, "password", 15 * MINUTE);
    expect(late.lockStarted).toBeUndefined();
    expect(late.state.passwordFailures).toBe(1);
  });

  it("counts wrong codes apart from wrong passwords: 10 in 15 minutes lock", () => {
    let state = EMPTY_GUARD;
    for (let i = 0; i < 4; i += 1) state = fail(state, "password", 0).state;
    for (let i = 0; i < 9; i += 1) {
      const next = fail(state, "code", MINUTE);
      expect(next.lockStarted).toBeUndefined();
      state = next.state;
    }
    expect(fail(state, "code", MINUTE).lockStarted).toBe("code_failures");
  });

  it("keys unknown and known addresses alike, whatever their case", () => {
    expect(guardKey(" Ana@Clinic.test ")).toBe(guardKey("ana@clinic.test"));
    expect(guardKey("ana@clinic.test")).not.toContain("ana");
  });

  test.prop([fc.array(fc.tuple(fc.constantFrom<FailureKind>("password", "code"), fc.integer({ min: 0, max: 20 * MINUTE })), { minLength: 1, maxLength: 150 })])(
    "never lets more than 100 consecutive failures through, and never locks before a limit is reached",
    (failures) => {
      let state = EMPTY_GUARD;
      let elapsed = 0;
      let consecutive = 0;
      for (const [kind, gap] of failures) {
        elapsed += gap;
        const now = at(elapsed);
        // The routes refuse (and do not count) attempts while locked.
        if (lockStatus(state, now).locked) continue;
        consecutive += 1;
        state = afterFailure(state, kind, now).state;
        expect(state.passwordFailures).toBeLessThan(AUTH_POLICY.maxPasswordFailures);
        expect(state.codeFailures).toBeLessThan(AUTH_POLICY.maxCodeFailures);
      }
      expect(consecutive).toBeLessThanOrEqual(AUTH_POLICY.maxConsecutiveFailures);
      if (consecutive >= AUTH_POLICY.maxConsecutiveFailures) expect(lockStatus(state, at(elapsed + 365 * 24 * 60 * MINUTE))).toEqual({ locked: true, reason: "hard_locked" });
    },
  );
});
