import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { addDays } from "../billing/index.ts";
import { GOAL_LIFECYCLE, GOAL_WINDOW, type GoalSession } from "../goals/index.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { type ReportGoalInput, type ReportInputs, adherenceOf, assignedSessions, draftReport } from "./report-draft.ts";

const RUNS = { numRuns: fuzzRuns(150) };
const dayOf = (n: number): string => addDays("2026-01-01", n);
const PERIOD = { start: dayOf(30), end: dayOf(59) };

const goal: ReportGoalInput = {
  id: 7,
  label: "LTG-1",
  statement: "Names pictures",
  facts: {
    criterion: { gameTypes: ["naming"], minLevel: "easy", minAccuracy: 80, window: GOAL_WINDOW.consecutive, sessions: 3, ofSessions: 3 },
    startDate: dayOf(30),
    dueDate: dayOf(120),
    baselineEntered: null,
    lifecycle: GOAL_LIFECYCLE.active,
  },
};

const session = (id: number, day: number, accuracy: number, gameType = "naming"): GoalSession => ({
  id,
  day: dayOf(day),
  startTime: `${dayOf(day)}T10:00:00.000Z`,
  gameType,
  level: "medium",
  accuracyPercent: accuracy,
});

const inputs = (sessions: readonly GoalSession[], extra: Partial<ReportInputs> = {}): ReportInputs => ({
  period: PERIOD,
  goals: [goal],
  sessions,
  assignments: [],
  timeEntries: [],
  ratings: [],
  ...extra,
});

const sessionsArb = fc
  .array(fc.record({ day: fc.integer({ min: 0, max: 90 }), accuracy: fc.integer({ min: 0, max: 100 }), naming: fc.boolean() }), { maxLength: 60 })
  .map((raws) => raws.map((raw, index) => session(index + 1, raw.day, raw.accuracy, raw.naming ? "naming" : "parrot")));

describe("draftReport", () => {
  it("states baseline from the three sessions before the start, the current window and the verdict's sessions", () => {
    const drafted = draftReport(inputs([session(1, 20, 40), session(2, 25, 50), session(3, 28, 60), session(4, 35, 85), session(5, 40, 90), session(6, 45, 95)]));
    const [section] = drafted.goals;
    expect(section?.baseline).toEqual({ value: 50, source: "sessions" });
    expect(section?.current).toBe(90);
    expect(section?.status).toBe("achieved");
    expect(section?.verdict_sessions).toEqual([4, 5, 6]);
    expect(section?.sessions.map((point) => point.session)).toEqual([4, 5, 6]);
    expect(section?.target).toBe(80);
  });

  test.prop([sessionsArb], RUNS)("a session after the period's end never changes the draft", (sessions) => {
    const upToEnd = sessions.filter((one) => one.day <= PERIOD.end);
    expect(draftReport(inputs(sessions))).toEqual(draftReport(inputs(upToEnd)));
  });

  test.prop([sessionsArb], RUNS)("the order sessions arrive in never changes the draft", (sessions) => {
    expect(draftReport(inputs([...sessions].reverse()))).toEqual(draftReport(inputs(sessions)));
  });

  test.prop([sessionsArb], RUNS)("adherence counts the period's sessions, and data days are the distinct days among them", (sessions) => {
    const adherence = adherenceOf(inputs(sessions));
    const inside = sessions.filter((one) => one.day >= PERIOD.start && one.day <= PERIOD.end);
    expect(adherence.sessions_done).toBe(inside.length);
    expect(adherence.data_days).toBeLessThanOrEqual(adherence.sessions_done);
    expect(adherence.data_days).toBe(new Set(inside.map((one) => one.day)).size);
  });

  it("counts clinician minutes inside the period only", () => {
    const entries = [
      { day: dayOf(29), minutes: 15 },
      { day: dayOf(30), minutes: 20 },
      { day: dayOf(59), minutes: 5 },
      { day: dayOf(60), minutes: 40 },
    ];
    expect(adherenceOf(inputs([], { timeEntries: entries })).clinician_minutes).toBe(25);
  });

  it("assigns each live day's minimum: from the assignment's day, up to the day before it ended", () => {
    expect(assignedSessions([{ assignedOn: dayOf(0), sessionsPerDay: 2, endedOn: null }], PERIOD)).toBe(60);
    expect(assignedSessions([{ assignedOn: dayOf(50), sessionsPerDay: 1, endedOn: null }], PERIOD)).toBe(10);
    expect(assignedSessions([{ assignedOn: dayOf(0), sessionsPerDay: 1, endedOn: dayOf(40) }], PERIOD)).toBe(10);
    expect(assignedSessions([{ assignedOn: dayOf(70), sessionsPerDay: 3, endedOn: null }], PERIOD)).toBe(0);
  });

  it("leaves out goals started after the period and ratings after its end, and states each scale's change", () => {
    const later = { ...goal, id: 8, label: "LTG-2", facts: { ...goal.facts, startDate: dayOf(70) } };
    const rating = (id: number, day: number, level: number) => ({ id, scale: "memory" as const, level, rated_on: dayOf(day), recorded_at: `${dayOf(day)}T09:00:00.000Z` });
    const drafted = draftReport(inputs([], { goals: [goal, later], ratings: [rating(1, 5, 3), rating(2, 40, 5), rating(3, 70, 7)] }));
    expect(drafted.goals.map((section) => section.label)).toEqual(["LTG-1"]);
    expect(drafted.ratings).toEqual([{ scale: "memory", level: 5, rated_on: dayOf(40), previous_level: 3, previous_on: dayOf(5) }]);
  });
});
