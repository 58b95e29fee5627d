import * as Schema from "effect/Schema";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";
import { type Difficulty, isDifficulty } from "../shared/games/difficulty.ts";
import { type GameType, isGameType } from "../shared/games/game-type.ts";
import { type Failure, type Result, type Success, fail, succeed } from "../shared/result.ts";
import { characterCount } from "../shared/validators/text-length.ts";
import { CalendarDate } from "../shared/wire/dates.ts";
import { GOAL_KIND, GOAL_KINDS, GOAL_WINDOW, GOAL_WINDOWS, type GoalKind, type GoalWindow } from "./goal-criterion.ts";

/** A goal as a form or a request sends it, before the rules: numbers may be missing, texts untrimmed. */
export type GoalInput = {
  readonly kind: string;
  /** The long-term goal a short-term one sits under. */
  readonly parent_goal: number | null;
  readonly statement: string;
  readonly game_types: readonly string[];
  readonly min_level: string | null;
  readonly min_accuracy: number | null;
  readonly sessions: number | null;
  readonly window: string;
  readonly of_sessions: number | null;
  readonly start_date: string | null;
  readonly due_date: string | null;
  readonly baseline: number | null;
};

/** A goal that passed the rules. */
export type GoalValues = {
  readonly kind: GoalKind;
  readonly parent_goal: number | null;
  readonly statement: string;
  readonly game_types: readonly GameType[];
  readonly min_level: Difficulty;
  readonly min_accuracy: number;
  readonly sessions: number;
  readonly window: GoalWindow;
  readonly of_sessions: number;
  readonly start_date: CalendarDay;
  readonly due_date: CalendarDay;
  readonly baseline: number | null;
};

export type GoalField = keyof GoalValues;
export type GoalErrors = Readonly<Partial<Record<GoalField, Failure>>>;
/** The cleaned values, or each field's first problem at once so the form marks them all. */
export type GoalCheck = Success<GoalValues> | { readonly ok: false; readonly errors: GoalErrors };

export const MAX_STATEMENT_LENGTH = 1000;
export const MAX_SESSIONS = 50;
export const MAX_OF_SESSIONS = 100;

const required = (field: GoalField, label: string): Failure => fail("ERROR_003", catalogueMessage("ERROR_003", { field_name: label }), { field });
const invalid = (field: GoalField, message: string): Failure => fail("ERROR_056", message, { field });
const choice = (field: GoalField): Failure => fail("ERROR_052", catalogueMessage("ERROR_052"), { field });

const wholeNumber = (value: number | null, field: GoalField, label: string, low: number, high: number): Result<number> => {
  if (value === null) return required(field, label);
  return Number.isInteger(value) && value >= low && value <= high ? succeed(value) : invalid(field, `The ${label} must be a whole number from ${low} to ${high}`);
};

const day = (value: string | null, field: GoalField, label: string): Result<CalendarDay> => {
  const text = (value ?? "").trim();
  if (text.length === 0) return required(field, label);
  return Schema.is(CalendarDate)(text) ? succeed(text) : invalid(field, `The ${label} is not a real date`);
};

const statementOf = (text: string): Result<string> => {
  const trimmed = text.trim();
  if (trimmed.length === 0) return required("statement", "goal statement");
  return characterCount(trimmed) <= MAX_STATEMENT_LENGTH ? succeed(trimmed) : invalid("statement", `The goal statement must be at most ${MAX_STATEMENT_LENGTH} characters`);
};

const gamesOf = (types: readonly string[]): Result<readonly GameType[]> => {
  if (types.length === 0) return required("game_types", "game");
  const known = types.filter(isGameType);
  return known.length === types.length ? succeed([...new Set(known)]) : choice("game_types");
};

const baselineOf = (value: number | null): Result<number | null> =>
  value === null || (value >= 0 && value <= 100 && Math.round(value * 10) === value * 10) ? succeed(value) : invalid("baseline", "The baseline must be a percentage from 0 to 100, at most one decimal");

/**
 * A goal needs a statement, a measurable criterion (one game or more, a level, an accuracy from 1 to
 * 100 %, N sessions, and M for "N of the last M"), a start and a due date on or after it; a
 * short-term goal sits under a long-term one. The browser and the server check with this same rule.
 */
export const validateGoal = (input: GoalInput): GoalCheck => {
  const errors: Partial<Record<GoalField, Failure>> = {};
  const check = <A>(result: Result<A>, fallback: A): A => {
    if (result.ok) return result.value;
    if (result.field !== undefined) errors[result.field as GoalField] ??= result;
    return fallback;
  };
  const kind = check<GoalKind>(GOAL_KINDS.some((known) => known === input.kind) ? succeed(input.kind as GoalKind) : choice("kind"), GOAL_KIND.longTerm);
  const parent = kind === GOAL_KIND.shortTerm ? check(input.parent_goal === null ? required("parent_goal", "long-term goal") : succeed(input.parent_goal), null) : null;
  const window = check<GoalWindow>(GOAL_WINDOWS.some((known) => known === input.window) ? succeed(input.window as GoalWindow) : choice("window"), GOAL_WINDOW.consecutive);
  const sessions = check(wholeNumber(input.sessions, "sessions", "number of sessions", 1, MAX_SESSIONS), 1);
  const ofSessions =
    window === GOAL_WINDOW.consecutive ? sessions : check(wholeNumber(input.of_sessions, "of_sessions", "number of last sessions", Math.max(1, sessions), MAX_OF_SESSIONS), sessions);
  const startDate = check(day(input.start_date, "start_date", "start date"), "");
  const dueDate = check(day(input.due_date, "due_date", "due date"), "");
  if (startDate !== "" && dueDate !== "" && dueDate < startDate) check(fail("ERROR_034", catalogueMessage("ERROR_034"), { field: "due_date" }), "");
  const minLevel = input.min_level === null || input.min_level === "" ? check(required("min_level", "level"), "easy") : check(isDifficulty(input.min_level) ? succeed(input.min_level) : choice("min_level"), "easy");
  const values: GoalValues = {
    kind,
    parent_goal: parent,
    statement: check(statementOf(input.statement), ""),
    game_types: check(gamesOf(input.game_types), []),
    min_level: minLevel,
    min_accuracy: check(wholeNumber(input.min_accuracy, "min_accuracy", "accuracy", 1, 100), 1),
    sessions,
    window,
    of_sessions: ofSessions,
    start_date: startDate,
    due_date: dueDate,
    baseline: check(baselineOf(input.baseline), null),
  };
  return Object.keys(errors).length === 0 ? succeed(values) : { ok: false, errors };
};
