import type { CalendarDay } from "../shared/calendar/zone.ts";
import type { Difficulty } from "../shared/games/difficulty.ts";
import { roundToOneDecimal } from "../shared/format/round.ts";
import { GOAL_LIFECYCLE, GOAL_STATUS, GOAL_WINDOW, type GoalCriterion, type GoalFacts, type GoalStatus, levelAtLeast, windowSize } from "./goal-criterion.ts";

/**
 * One played session as the criterion engine reads it (docs/goals.md, "The criterion engine").
 * `accuracyPercent` is what the session's attempts give (domain/session-review/session-totals.ts);
 * `correctedAccuracyPercent`, when present, is the figure after the SLP's corrections and wins.
 * The server's stored accuracy is already recomputed by every correction, so it sends that one.
 */
export type GoalSession = {
  readonly id: number;
  /** ISO instant; with the id it orders sessions, whatever order they arrived in. */
  readonly startTime: string;
  /** The calendar day of the start in the institution's zone. */
  readonly day: CalendarDay;
  readonly gameType: string;
  readonly level: Difficulty;
  readonly accuracyPercent: number | null;
  readonly correctedAccuracyPercent?: number | null | undefined;
};

/** A measured session: one of the criterion's games, at its level or harder, with an accuracy. */
export type MeasuredSession = {
  readonly id: number;
  readonly startTime: string;
  readonly day: CalendarDay;
  readonly level: Difficulty;
  readonly accuracy: number;
  readonly meets: boolean;
};

export type GoalBaseline = {
  readonly value: number;
  /** Entered by the SLP, or the mean of the sessions named. */
  readonly source: "entered" | "sessions";
  readonly sessionIds: readonly number[];
};

export type GoalProgress = {
  readonly status: GoalStatus;
  readonly baseline: GoalBaseline | null;
  /** Mean accuracy of the latest window since the start; null before any measured session. */
  readonly current: number | null;
  readonly currentSessionIds: readonly number[];
  /** The day the criterion was first met (on or before the due date); null if never. */
  readonly achievedOn: CalendarDay | null;
  /** The measured sessions from the start on, oldest first: the chart's and the table's data. */
  readonly sessions: readonly MeasuredSession[];
};

/** Sessions the baseline is worked out from: the three measured ones just before the start. */
export const BASELINE_SESSIONS = 3;
/** A change of at least this many percentage points against the baseline is improving or worsening. */
export const CHANGE_POINTS = 5;

/** The SLP's corrected accuracy wins over what the game scored. */
export const scoredAccuracy = (session: GoalSession): number | null =>
  session.correctedAccuracyPercent === undefined || session.correctedAccuracyPercent === null ? session.accuracyPercent : session.correctedAccuracyPercent;

const byStart = (a: GoalSession, b: GoalSession): number => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.id - b.id);

/** The sessions the criterion measures, oldest first (start, then id), each marked whether it meets the accuracy. */
export const measuredSessions = (criterion: GoalCriterion, sessions: readonly GoalSession[]): readonly MeasuredSession[] => {
  const games: readonly string[] = criterion.gameTypes;
  const measured: MeasuredSession[] = [];
  for (const session of [...sessions].sort(byStart)) {
    const accuracy = scoredAccuracy(session);
    if (accuracy === null || !games.includes(session.gameType) || !levelAtLeast(session.level, criterion.minLevel)) continue;
    measured.push({ id: session.id, startTime: session.startTime, day: session.day, level: session.level, accuracy, meets: accuracy >= criterion.minAccuracy });
  }
  return measured;
};

const mean = (values: readonly MeasuredSession[]): number | null =>
  values.length === 0 ? null : roundToOneDecimal(values.reduce((sum, session) => sum + session.accuracy, 0) / values.length);

/** Whether the window of sessions ending at `end` (inclusive) meets the criterion. */
const windowMeets = (criterion: GoalCriterion, sessions: readonly MeasuredSession[], end: number): boolean => {
  if (criterion.window === GOAL_WINDOW.consecutive) {
    if (end + 1 < criterion.sessions) return false;
    for (let index = end - criterion.sessions + 1; index <= end; index += 1) if (sessions[index]?.meets !== true) return false;
    return true;
  }
  let meeting = 0;
  for (let index = Math.max(0, end - criterion.ofSessions + 1); index <= end; index += 1) if (sessions[index]?.meets === true) meeting += 1;
  return meeting >= criterion.sessions;
};

const baselineOf = (facts: GoalFacts, before: readonly MeasuredSession[]): GoalBaseline | null => {
  if (facts.baselineEntered !== null) return { value: facts.baselineEntered, source: "entered", sessionIds: [] };
  const last = before.slice(-BASELINE_SESSIONS);
  const value = mean(last);
  return value === null ? null : { value, source: "sessions", sessionIds: last.map((session) => session.id) };
};

const trend = (baseline: GoalBaseline | null, current: number | null): GoalStatus => {
  if (baseline === null || current === null) return GOAL_STATUS.inProgress;
  const change = roundToOneDecimal(current - baseline.value);
  if (change >= CHANGE_POINTS) return GOAL_STATUS.improving;
  if (change <= -CHANGE_POINTS) return GOAL_STATUS.worsening;
  return GOAL_STATUS.noChange;
};

/**
 * The goal's progress on `today` (docs/goals.md): baseline from the three measured sessions before
 * the start (or the one entered), current value from the latest window since the start, and the
 * FHIR status. Met on or before the due date: achieved (sustaining while the latest window still
 * meets it); past the due date unmet: not-achieved; discontinued: not-attainable; otherwise
 * improving, worsening or no-change against the baseline, in-progress while either is missing.
 */
export const goalProgress = (facts: GoalFacts, sessions: readonly GoalSession[], today: CalendarDay): GoalProgress => {
  const all = measuredSessions(facts.criterion, sessions);
  const before = all.filter((session) => session.day < facts.startDate);
  const since = all.filter((session) => session.day >= facts.startDate);
  const baseline = baselineOf(facts, before);
  const latest = since.slice(-windowSize(facts.criterion));
  const current = mean(latest);
  let achievedAt = -1;
  for (let index = 0; index < since.length && (since[index]?.day ?? "") <= facts.dueDate; index += 1) {
    if (windowMeets(facts.criterion, since, index)) {
      achievedAt = index;
      break;
    }
  }
  const achievedOn = since[achievedAt]?.day ?? null;
  const common = { baseline, current, currentSessionIds: latest.map((session) => session.id), achievedOn, sessions: since };
  if (facts.lifecycle === GOAL_LIFECYCLE.discontinued) return { ...common, status: GOAL_STATUS.notAttainable };
  if (achievedAt >= 0) {
    const lastIndex = since.length - 1;
    const sustained = lastIndex > achievedAt && windowMeets(facts.criterion, since, lastIndex);
    return { ...common, status: sustained ? GOAL_STATUS.sustaining : GOAL_STATUS.achieved };
  }
  if (facts.lifecycle === GOAL_LIFECYCLE.met) return { ...common, status: GOAL_STATUS.achieved };
  if (today > facts.dueDate) return { ...common, status: GOAL_STATUS.notAchieved };
  return { ...common, status: trend(baseline, current) };
};
