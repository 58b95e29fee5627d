import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER, type Difficulty } from "../shared/games/difficulty.ts";
import { type GameType } from "../shared/games/game-type.ts";
import { sessionTotals } from "../session-review/index.ts";
import { fuzzRuns } from "../shared/testing/fuzz-budget.test-helper.ts";
import { GOAL_STATUS, type GoalCriterion, type GoalFacts } from "./goal-criterion.ts";
import { type GoalSession, goalProgress } from "./goal-progress.ts";

const RUNS = { numRuns: fuzzRuns(200) };
const START = "2026-02-01";
const DUE = "2026-04-30";
const TODAY = "2026-03-15";

/** Day n of 2026 (1 = Jan 1) as yyyy-MM-dd. */
const dayOf = (n: number): string => new Date(Date.UTC(2026, 0, n)).toISOString().slice(0, 10);

const levelArb = fc.constantFrom<Difficulty>(...DIFFICULTY_ORDER);
const gameArb = fc.constantFrom<GameType>("naming", "parrot", "memory_grid");
const accuracyArb = fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10);

const sessionArb = fc.record({
  id: fc.integer({ min: 1, max: 100_000 }),
  dayNumber: fc.integer({ min: 1, max: 100 }),
  minute: fc.integer({ min: 0, max: 3 }),
  gameType: gameArb,
  level: levelArb,
  accuracyPercent: fc.option(accuracyArb, { nil: null }),
  correctedAccuracyPercent: fc.option(fc.option(accuracyArb, { nil: null }), { nil: undefined }),
});

type RawSession = typeof sessionArb extends fc.Arbitrary<infer R> ? R : never;

const toSession = (raw: RawSession): GoalSession => ({
  id: raw.id,
  day: dayOf(raw.dayNumber),
  // Few distinct minutes: many sessions share a start, so ties are common.
  startTime: `${dayOf(raw.dayNumber)}T10:0${raw.minute}:00.000Z`,
  gameType: raw.gameType,
  level: raw.level,
  accuracyPercent: raw.accuracyPercent,
  correctedAccuracyPercent: raw.correctedAccuracyPercent,
});

const uniqueIds = (sessions: readonly GoalSession[]): GoalSession[] => [...new Map(sessions.map((session) => [session.id, session])).values()];
const historyArb = fc.array(sessionArb, { maxLength: 60 }).map((raws) => uniqueIds(raws.map(toSession)));

const criterionArb: fc.Arbitrary<GoalCriterion> = fc
  .record({
    gameTypes: fc.subarray<GameType>(["naming", "parrot", "memory_grid"], { minLength: 1 }),
    minLevel: levelArb,
    minAccuracy: fc.integer({ min: 1, max: 100 }),
    consecutive: fc.boolean(),
    sessions: fc.integer({ min: 1, max: 6 }),
    extra: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ consecutive, extra, ...rest }) => ({ ...rest, window: consecutive ? "consecutive" : "of_last", ofSessions: consecutive ? rest.sessions : rest.sessions + extra }));

const factsOf = (criterion: GoalCriterion, extra: Partial<GoalFacts> = {}): GoalFacts => ({ criterion, startDate: START, dueDate: DUE, baselineEntered: null, lifecycle: "active", ...extra });

/** A session since the start, at the criterion's level and first game, with this accuracy. */
const played = (criterion: GoalCriterion, index: number, accuracy: number, level: Difficulty = criterion.minLevel): GoalSession => ({
  id: 1000 + index,
  day: dayOf(40 + index),
  startTime: `${dayOf(40 + index)}T09:00:00.000Z`,
  gameType: criterion.gameTypes[0] ?? "naming",
  level,
  accuracyPercent: accuracy,
});

const met = (status: string): boolean => status === GOAL_STATUS.achieved || status === GOAL_STATUS.sustaining;

describe("the criterion engine over generated session histories", () => {
  test.prop([criterionArb, historyArb, fc.integer()], RUNS)("sessions arriving in any order give the same progress", (criterion, sessions, seed) => {
    const shuffled = [...sessions].sort((a, b) => ((a.id * 7919 + seed) % 97) - ((b.id * 7919 + seed) % 97));
    expect(goalProgress(factsOf(criterion), shuffled, TODAY)).toEqual(goalProgress(factsOf(criterion), sessions, TODAY));
  });

  test.prop([criterionArb, historyArb], RUNS)("a corrected accuracy wins over the raw one, whatever the raw one was", (criterion, sessions) => {
    const asCorrected = sessions.map((session) => ({
      ...session,
      accuracyPercent: session.correctedAccuracyPercent ?? session.accuracyPercent,
      correctedAccuracyPercent: undefined,
    }));
    const rawScrambled = sessions.map((session) =>
      session.correctedAccuracyPercent === undefined || session.correctedAccuracyPercent === null ? session : { ...session, accuracyPercent: 100 - (session.accuracyPercent ?? 0) },
    );
    expect(goalProgress(factsOf(criterion), rawScrambled, TODAY)).toEqual(goalProgress(factsOf(criterion), asCorrected, TODAY));
  });

  test.prop([criterionArb, historyArb, fc.array(sessionArb, { maxLength: 20 })], RUNS)("sessions below the level or of other games change nothing", (criterion, sessions, noise) => {
    const below = DIFFICULTY_ORDER.slice(0, DIFFICULTY_ORDER.indexOf(criterion.minLevel));
    const others = noise
      .map(toSession)
      .map((session, index) => ({ ...session, id: 200_000 + index }))
      .map((session) => (below.length > 0 && session.level !== "hard" ? { ...session, level: below[0] ?? "easy" } : { ...session, gameType: "pill_sorting" }));
    expect(goalProgress(factsOf(criterion), [...sessions, ...others], TODAY)).toEqual(goalProgress(factsOf(criterion), sessions, TODAY));
  });

  test.prop([criterionArb, historyArb, fc.integer({ min: 1, max: 50 })], RUNS)("raising accuracies never unmeets a goal nor delays when it was met", (criterion, sessions, raise) => {
    const plain = sessions.map((session) => ({ ...session, accuracyPercent: session.correctedAccuracyPercent ?? session.accuracyPercent, correctedAccuracyPercent: undefined }));
    const raised = plain.map((session) => ({ ...session, accuracyPercent: session.accuracyPercent === null ? null : Math.min(100, session.accuracyPercent + raise) }));
    const before = goalProgress(factsOf(criterion), plain, TODAY);
    const after = goalProgress(factsOf(criterion), raised, TODAY);
    if (before.achievedOn !== null) expect(after.achievedOn !== null && after.achievedOn <= before.achievedOn).toBe(true);
  });

  test.prop([criterionArb, historyArb, fc.array(sessionArb, { maxLength: 10 })], RUNS)("once met by the due date, later sessions keep it achieved or sustaining", (criterion, sessions, later) => {
    const meeting = Array.from({ length: criterion.ofSessions }, (_, index) => played(criterion, index, 100));
    const after = later.map(toSession).map((session, index) => ({ ...session, id: 300_000 + index, day: dayOf(110), startTime: `${dayOf(110)}T10:00:00.000Z` }));
    const progress = goalProgress(factsOf(criterion), [...sessions.filter((session) => session.day < START), ...meeting, ...after], "2026-05-30");
    expect(met(progress.status)).toBe(true);
  });

  test.prop([criterionArb, historyArb], RUNS)("a discontinued goal is not-attainable; unmet past its due date, not-achieved", (criterion, sessions) => {
    expect(goalProgress(factsOf(criterion, { lifecycle: "discontinued" }), sessions, TODAY).status).toBe(GOAL_STATUS.notAttainable);
    const late = goalProgress(factsOf(criterion), sessions, "2026-05-01");
    expect(late.achievedOn === null ? late.status === GOAL_STATUS.notAchieved : met(late.status)).toBe(true);
  });

  test.prop([criterionArb, historyArb], RUNS)("the baseline is the mean of the last three measured sessions before the start", (criterion, sessions) => {
    const progress = goalProgress(factsOf(criterion), sessions, TODAY);
    const before = sessions.filter((session) => session.day < START);
    const ids = new Set(before.map((session) => session.id));
    if (progress.baseline === null) return;
    expect(progress.baseline.source).toBe("sessions");
    expect(progress.baseline.sessionIds.length).toBeGreaterThan(0);
    expect(progress.baseline.sessionIds.length).toBeLessThanOrEqual(3);
    expect(progress.baseline.sessionIds.every((id) => ids.has(id))).toBe(true);
    expect(progress.sessions.every((session) => session.day >= START)).toBe(true);
  });
});

describe("boundaries", () => {
  test.prop([criterionArb], RUNS)("accuracy exactly P at level exactly L over N sessions meets the goal; one point under P does not", (criterion) => {
    const atTarget = Array.from({ length: criterion.sessions }, (_, index) => played(criterion, index, criterion.minAccuracy));
    expect(goalProgress(factsOf(criterion), atTarget, TODAY).status).toBe(GOAL_STATUS.achieved);
    const oneUnder = atTarget.map((session, index) => (index === 0 ? { ...session, accuracyPercent: criterion.minAccuracy - 0.1 } : session));
    expect(met(goalProgress(factsOf(criterion), oneUnder, TODAY).status)).toBe(false);
  });

  test.prop([criterionArb], RUNS)("N - 1 meeting sessions are not enough; the N-th meets the goal", (criterion) => {
    const short = Array.from({ length: criterion.sessions - 1 }, (_, index) => played(criterion, index, 100));
    expect(met(goalProgress(factsOf(criterion), short, TODAY).status)).toBe(false);
    expect(goalProgress(factsOf(criterion), [...short, played(criterion, criterion.sessions, 100)], TODAY).status).toBe(GOAL_STATUS.achieved);
  });

  test.prop([criterionArb], RUNS)("a session one level below L is not measured at all", (criterion) => {
    const index = DIFFICULTY_ORDER.indexOf(criterion.minLevel);
    const lower = DIFFICULTY_ORDER[index - 1];
    if (lower === undefined) return;
    const sessions = Array.from({ length: criterion.sessions }, (_, i) => played(criterion, i, 100, lower));
    expect(goalProgress(factsOf(criterion), sessions, TODAY).sessions).toEqual([]);
  });

  it("N of the last M: a miss inside the window is allowed, one more miss is not", () => {
    const criterion: GoalCriterion = { gameTypes: ["naming"], minLevel: "medium", minAccuracy: 80, window: "of_last", sessions: 3, ofSessions: 4 };
    const mixed = [played(criterion, 0, 90), played(criterion, 1, 50), played(criterion, 2, 80), played(criterion, 3, 85)];
    expect(goalProgress(factsOf(criterion), mixed, TODAY)).toMatchObject({ status: "achieved", achievedOn: dayOf(43) });
    const twoMisses = [played(criterion, 0, 90), played(criterion, 1, 50), played(criterion, 2, 79.9), played(criterion, 3, 85)];
    expect(met(goalProgress(factsOf(criterion), twoMisses, TODAY).status)).toBe(false);
  });

  it("consecutive: a miss breaks the run; the goal is sustained while the latest window still meets it", () => {
    const criterion: GoalCriterion = { gameTypes: ["naming"], minLevel: "easy", minAccuracy: 70, window: "consecutive", sessions: 2, ofSessions: 2 };
    const broken = [played(criterion, 0, 70), played(criterion, 1, 69.9), played(criterion, 2, 75)];
    expect(met(goalProgress(factsOf(criterion), broken, TODAY).status)).toBe(false);
    const sustained = [...broken, played(criterion, 3, 71), played(criterion, 4, 90)];
    expect(goalProgress(factsOf(criterion), sustained, TODAY)).toMatchObject({ status: "sustaining", achievedOn: dayOf(43) });
  });

  it("a change of exactly 5 points is improving or worsening; 4.9 is no change; a tie is no change", () => {
    const criterion: GoalCriterion = { gameTypes: ["naming"], minLevel: "easy", minAccuracy: 95, window: "consecutive", sessions: 1, ofSessions: 1 };
    const withBaseline = (current: number) => goalProgress(factsOf(criterion, { baselineEntered: 50 }), [played(criterion, 0, current)], TODAY).status;
    expect(withBaseline(55)).toBe("improving");
    expect(withBaseline(54.9)).toBe("no-change");
    expect(withBaseline(50)).toBe("no-change");
    expect(withBaseline(45.1)).toBe("no-change");
    expect(withBaseline(45)).toBe("worsening");
  });

  it("an entered baseline wins and is marked entered; without sessions before the start there is none, and the goal is in progress", () => {
    const criterion: GoalCriterion = { gameTypes: ["naming"], minLevel: "easy", minAccuracy: 95, window: "consecutive", sessions: 3, ofSessions: 3 };
    const before = [1, 2, 3, 4].map((n) => ({ ...played(criterion, n, n * 10), id: n, day: dayOf(20 + n), startTime: `${dayOf(20 + n)}T09:00:00.000Z` }));
    expect(goalProgress(factsOf(criterion), before, TODAY).baseline).toEqual({ value: 30, source: "sessions", sessionIds: [2, 3, 4] });
    expect(goalProgress(factsOf(criterion, { baselineEntered: 42.5 }), before, TODAY).baseline).toEqual({ value: 42.5, source: "entered", sessionIds: [] });
    expect(goalProgress(factsOf(criterion), [played(criterion, 0, 60)], TODAY)).toMatchObject({ baseline: null, status: "in-progress", current: 60 });
  });

  it("reuses the session totals rule: corrected attempts give the accuracy the goal is judged on", () => {
    const raw = [
      { challengeId: 1, score: 0, isCorrect: false, attemptData: {} },
      { challengeId: 2, score: 1, isCorrect: true, attemptData: {} },
    ];
    const corrected = raw.map((attempt) => ({ ...attempt, score: 1, isCorrect: true }));
    const criterion: GoalCriterion = { gameTypes: ["naming"], minLevel: "easy", minAccuracy: 100, window: "consecutive", sessions: 1, ofSessions: 1 };
    const session: GoalSession = {
      ...played(criterion, 0, 0),
      accuracyPercent: sessionTotals("naming", [1, 2], raw).accuracyPercentage,
      correctedAccuracyPercent: sessionTotals("naming", [1, 2], corrected).accuracyPercentage,
    };
    expect(goalProgress(factsOf(criterion), [session], TODAY)).toMatchObject({ status: "achieved", current: 100 });
  });
});
