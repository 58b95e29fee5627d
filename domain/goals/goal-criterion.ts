import type { CalendarDay } from "../shared/calendar/zone.ts";
import { DIFFICULTY_ORDER, type Difficulty } from "../shared/games/difficulty.ts";
import { type GameType, gameTypeName } from "../shared/games/game-type.ts";

/** How the sessions of a criterion are counted: N in a row, or N of the last M. */
export const GOAL_WINDOW = { consecutive: "consecutive", ofLast: "of_last" } as const;
export type GoalWindow = (typeof GOAL_WINDOW)[keyof typeof GOAL_WINDOW];
export const GOAL_WINDOWS: readonly GoalWindow[] = Object.values(GOAL_WINDOW);

/** A long-term goal (LTG-1) or a short-term step under one (STG-1a). */
export const GOAL_KIND = { longTerm: "long_term", shortTerm: "short_term" } as const;
export type GoalKind = (typeof GOAL_KIND)[keyof typeof GOAL_KIND];
export const GOAL_KINDS: readonly GoalKind[] = Object.values(GOAL_KIND);

/** Where a goal stands as a record: worked on, closed as met, or closed as discontinued (never deleted). */
export const GOAL_LIFECYCLE = { active: "active", met: "met", discontinued: "discontinued" } as const;
export type GoalLifecycle = (typeof GOAL_LIFECYCLE)[keyof typeof GOAL_LIFECYCLE];
export const GOAL_LIFECYCLES: readonly GoalLifecycle[] = Object.values(GOAL_LIFECYCLE);

/** The achievement status in FHIR's words (Goal.achievementStatus), the ones the criterion engine gives. */
export const GOAL_STATUS = {
  inProgress: "in-progress",
  improving: "improving",
  worsening: "worsening",
  noChange: "no-change",
  achieved: "achieved",
  sustaining: "sustaining",
  notAchieved: "not-achieved",
  notAttainable: "not-attainable",
} as const;
export type GoalStatus = (typeof GOAL_STATUS)[keyof typeof GOAL_STATUS];
export const GOAL_STATUSES: readonly GoalStatus[] = Object.values(GOAL_STATUS);

/** The status as a clinician reads it beside its FHIR word. */
export const GOAL_STATUS_NAMES: Readonly<Record<GoalStatus, string>> = {
  "in-progress": "In progress",
  improving: "Improving",
  worsening: "Worsening",
  "no-change": "No change",
  achieved: "Achieved",
  sustaining: "Sustaining",
  "not-achieved": "Not achieved",
  "not-attainable": "Not attainable",
};

/**
 * The measurable part of a goal: sessions of one of these games, at this level or harder, with
 * at least this accuracy (after the SLP's corrections), N in a row or N of the last M.
 */
export type GoalCriterion = {
  readonly gameTypes: readonly GameType[];
  readonly minLevel: Difficulty;
  /** Whole percent, 1 to 100. */
  readonly minAccuracy: number;
  readonly window: GoalWindow;
  /** N: the sessions that must meet the accuracy. */
  readonly sessions: number;
  /** M for "N of the last M"; equal to N for consecutive sessions. */
  readonly ofSessions: number;
};

/** Everything the engine needs of a goal besides the sessions. */
export type GoalFacts = {
  readonly criterion: GoalCriterion;
  readonly startDate: CalendarDay;
  readonly dueDate: CalendarDay;
  /** A baseline the SLP entered (percent); null: worked out from the sessions. */
  readonly baselineEntered: number | null;
  readonly lifecycle: GoalLifecycle;
};

/** A level counts when it is the criterion's level or a harder one. */
export const levelAtLeast = (level: Difficulty, minimum: Difficulty): boolean => DIFFICULTY_ORDER.indexOf(level) >= DIFFICULTY_ORDER.indexOf(minimum);

/** How many sessions a criterion looks at once: N in a row, or the last M. */
export const windowSize = (criterion: GoalCriterion): number => (criterion.window === GOAL_WINDOW.consecutive ? criterion.sessions : criterion.ofSessions);

const gamesInWords = (types: readonly GameType[]): string => {
  const names = types.map(gameTypeName);
  if (names.length <= 1) return names[0] ?? "any game";
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
};

const sessionsInWords = (criterion: GoalCriterion): string =>
  criterion.window === GOAL_WINDOW.consecutive
    ? criterion.sessions === 1
      ? "in 1 session"
      : `over ${criterion.sessions} consecutive sessions`
    : `in ${criterion.sessions} of the last ${criterion.ofSessions} sessions`;

/** The criterion as a sentence: "Naming or Parrot at medium level or harder, at least 80% accurate over 3 consecutive sessions, by Mar 1, 2027." */
export const criterionInWords = (criterion: GoalCriterion, dueLabel: string): string =>
  `${gamesInWords(criterion.gameTypes)} at ${criterion.minLevel} level${criterion.minLevel === "hard" ? "" : " or harder"}, at least ${criterion.minAccuracy}% accurate (after corrections) ${sessionsInWords(criterion)}, by ${dueLabel}.`;

/** The badge tone of a status; its words always show beside the colour. */
export const GOAL_STATUS_TONE: Readonly<Record<GoalStatus, "neutral" | "success" | "warning" | "info">> = {
  "in-progress": "info",
  improving: "info",
  worsening: "warning",
  "no-change": "neutral",
  achieved: "success",
  sustaining: "success",
  "not-achieved": "warning",
  "not-attainable": "neutral",
};
