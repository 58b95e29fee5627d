import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { type GoalInput, validateGoal } from "./goal-form.ts";

const valid: GoalInput = {
  kind: "long_term",
  parent_goal: null,
  statement: "Names everyday objects in conversation",
  game_types: ["naming"],
  min_level: "medium",
  min_accuracy: 80,
  sessions: 3,
  window: "consecutive",
  of_sessions: null,
  start_date: "2026-02-01",
  due_date: "2026-04-30",
  baseline: null,
};

const errorOn = (patch: Partial<GoalInput>) => {
  const check = validateGoal({ ...valid, ...patch });
  return check.ok ? null : check.errors;
};

describe("validateGoal", () => {
  it("accepts a complete goal and trims its statement; consecutive sessions set M to N", () => {
    expect(validateGoal({ ...valid, statement: "  Names objects " })).toEqual({ ok: true, value: { ...valid, statement: "Names objects", of_sessions: 3 } });
  });

  it.each([
    ["game_types", { game_types: [] }, "ERROR_003", "The game is required"],
    ["min_level", { min_level: null }, "ERROR_003", "The level is required"],
    ["min_accuracy", { min_accuracy: null }, "ERROR_003", "The accuracy is required"],
    ["sessions", { sessions: null }, "ERROR_003", "The number of sessions is required"],
    ["of_sessions", { window: "of_last", of_sessions: null }, "ERROR_003", "The number of last sessions is required"],
    ["start_date", { start_date: "" }, "ERROR_003", "The start date is required"],
    ["due_date", { due_date: null }, "ERROR_003", "The due date is required"],
    ["statement", { statement: "   " }, "ERROR_003", "The goal statement is required"],
    ["parent_goal", { kind: "short_term", parent_goal: null }, "ERROR_003", "The long-term goal is required"],
    ["due_date", { due_date: "2026-01-31" }, "ERROR_034", "Start date cannot be greater than end date"],
    ["due_date", { due_date: "2026-02-30" }, "ERROR_056", "The due date is not a real date"],
    ["min_accuracy", { min_accuracy: 0 }, "ERROR_056", "The accuracy must be a whole number from 1 to 100"],
    ["min_accuracy", { min_accuracy: 80.5 }, "ERROR_056", "The accuracy must be a whole number from 1 to 100"],
    ["of_sessions", { window: "of_last", sessions: 4, of_sessions: 3 }, "ERROR_056", "The number of last sessions must be a whole number from 4 to 100"],
    ["game_types", { game_types: ["chess"] }, "ERROR_052", "The choice is not valid"],
    ["min_level", { min_level: "expert" }, "ERROR_052", "The choice is not valid"],
    ["window", { window: "sometimes" }, "ERROR_052", "The choice is not valid"],
    ["baseline", { baseline: 100.1 }, "ERROR_056", "The baseline must be a percentage from 0 to 100, at most one decimal"],
  ] as const)("refuses %s with the catalogued error on it (%j)", (field, patch, code, message) => {
    expect(errorOn(patch)?.[field]).toMatchObject({ code, message, field });
  });

  test.prop([fc.integer({ min: -5, max: 105 })], { numRuns: fuzzRuns(50) })("accuracy is accepted exactly from 1 to 100", (accuracy) => {
    expect(errorOn({ min_accuracy: accuracy }) === null).toBe(accuracy >= 1 && accuracy <= 100);
  });

  test.prop([fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 110 })], { numRuns: fuzzRuns(50) })("N of the last M needs 1 <= N <= 50 and N <= M <= 100", (n, m) => {
    const errors = errorOn({ window: "of_last", sessions: n, of_sessions: m });
    expect(errors === null).toBe(n >= 1 && n <= 50 && m >= n && m <= 100);
  });

  it("marks every missing field at once", () => {
    const errors = errorOn({ game_types: [], min_accuracy: null, sessions: null, due_date: null });
    expect(Object.keys(errors ?? {}).sort()).toEqual(["due_date", "game_types", "min_accuracy", "sessions"]);
  });
});
