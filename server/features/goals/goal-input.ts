import type { GoalField, GoalInput, GoalValues } from "../../../domain/goals/goal-form.ts";
import { validateGoal } from "../../../domain/goals/goal-form.ts";
import type { GoalCreateBody, GoalPatchBody } from "../../../domain/goals/goals-wire.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import { type ApiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import type { GoalRow } from "./goal-reads.ts";

// The order the form shows its fields: the first refused one is the answer's field.
const FIELD_ORDER: readonly GoalField[] = ["kind", "parent_goal", "statement", "game_types", "min_level", "min_accuracy", "sessions", "window", "of_sessions", "start_date", "due_date", "baseline"];

const orNull = <A>(value: A | null | undefined): A | null => value ?? null;

/** A new goal's body as the domain's rule reads it: a missing key is a missing value (ERROR_003), never a decoding error. */
export const createInput = (body: GoalCreateBody): GoalInput => ({
  kind: body.kind ?? "",
  parent_goal: orNull(body.parent_goal),
  statement: body.statement ?? "",
  game_types: body.game_types ?? [],
  min_level: orNull(body.min_level),
  min_accuracy: orNull(body.min_accuracy),
  sessions: orNull(body.sessions),
  window: body.window ?? "",
  of_sessions: orNull(body.of_sessions),
  start_date: orNull(body.start_date),
  due_date: orNull(body.due_date),
  baseline: orNull(body.baseline),
});

/** An edit over the stored goal: the keys sent replace the stored values; kind, parent and label never change. */
export const editInput = (stored: GoalRow, body: GoalPatchBody): GoalInput => ({
  kind: stored.kind,
  parent_goal: stored.parentGoalId,
  statement: body.statement ?? stored.statement,
  game_types: body.game_types ?? stored.gameTypes,
  min_level: body.min_level === undefined ? stored.minLevel : body.min_level,
  min_accuracy: body.min_accuracy === undefined ? stored.minAccuracy : body.min_accuracy,
  sessions: body.sessions === undefined ? stored.sessions : body.sessions,
  window: body.window ?? stored.window,
  of_sessions: body.of_sessions === undefined ? stored.ofSessions : body.of_sessions,
  start_date: body.start_date === undefined ? stored.startDate : body.start_date,
  due_date: body.due_date === undefined ? stored.dueDate : body.due_date,
  baseline: body.baseline === undefined ? stored.baselineEntered : body.baseline,
});

/** The domain's verdict on a goal: its values, or 400 with the first refused field's catalogued error. */
export const checkGoal = (input: GoalInput): { readonly ok: true; readonly values: GoalValues } | { readonly ok: false; readonly failure: ApiFailure } => {
  const check = validateGoal(input);
  if (check.ok) return { ok: true, values: check.value };
  const first = FIELD_ORDER.map((field) => check.errors[field]).find((failure): failure is Failure => failure !== undefined);
  return { ok: false, failure: fromDomainFailure(400, first ?? { ok: false, code: "ERROR_056", message: "The field is not valid" }, "invalid_goal") };
};

/** The columns a checked goal writes. */
export const goalColumns = (values: GoalValues) => ({
  statement: values.statement,
  gameTypes: [...values.game_types],
  minLevel: values.min_level,
  minAccuracy: values.min_accuracy,
  window: values.window,
  sessions: values.sessions,
  ofSessions: values.of_sessions,
  startDate: values.start_date,
  dueDate: values.due_date,
  baselineEntered: values.baseline,
});
