import { GOAL_KIND, GOAL_LIFECYCLE, GOAL_LIFECYCLES, GOAL_WINDOW, type GoalLifecycle } from "./goal-criterion.ts";
import { type GoalField, type GoalInput, validateGoal } from "./goal-form.ts";
import { type GoalCreateBody, GoalId, type GoalWire } from "./goals-wire.ts";
import { parseNumberInput } from "../shared/validators/number-input.ts";
import type { CalendarDay } from "../shared/calendar/zone.ts";

/** The goal form as typed: every field a text (the games a list of ids), as the fields hand them over. */
export type GoalDraft = {
  readonly kind: string;
  /** The long-term goal's id as text; "" for none. */
  readonly parent_goal: string;
  readonly statement: string;
  readonly game_types: readonly string[];
  readonly min_level: string;
  readonly min_accuracy: string;
  readonly sessions: string;
  readonly window: string;
  readonly of_sessions: string;
  readonly start_date: string;
  readonly due_date: string;
  readonly baseline: string;
  /** An edit may close the goal (met, discontinued) or reopen it; a new goal is active. */
  readonly lifecycle: string;
};

/** A new long-term goal's form: starts today, N consecutive sessions, the rest to fill. */
export const newGoalDraft = (today: CalendarDay): GoalDraft => ({
  kind: GOAL_KIND.longTerm,
  parent_goal: "",
  statement: "",
  game_types: [],
  min_level: "",
  min_accuracy: "",
  sessions: "",
  window: GOAL_WINDOW.consecutive,
  of_sessions: "",
  start_date: today,
  due_date: "",
  baseline: "",
  lifecycle: GOAL_LIFECYCLE.active,
});

/** The form of an existing goal, for an edit. */
export const goalDraftOf = (goal: GoalWire): GoalDraft => ({
  kind: goal.kind,
  parent_goal: goal.parent_goal === null ? "" : String(goal.parent_goal),
  statement: goal.statement,
  game_types: goal.game_types,
  min_level: goal.min_level,
  min_accuracy: String(goal.min_accuracy),
  sessions: String(goal.sessions),
  window: goal.window,
  of_sessions: goal.window === GOAL_WINDOW.ofLast ? String(goal.of_sessions) : "",
  start_date: goal.start_date,
  due_date: goal.due_date,
  baseline: goal.baseline_entered === null ? "" : String(goal.baseline_entered),
  lifecycle: goal.lifecycle,
});

// A blank number field is missing (ERROR_003); text that is no plain number is not valid (NaN fails the range rule).
const numberOf = (text: string): number | null => (text.trim() === "" ? null : (parseNumberInput(text) ?? Number.NaN));

/** The draft as the rules read it. */
export const goalInputOf = (draft: GoalDraft): GoalInput => ({
  kind: draft.kind,
  parent_goal: draft.parent_goal === "" ? null : Number(draft.parent_goal),
  statement: draft.statement,
  game_types: draft.game_types,
  min_level: draft.min_level === "" ? null : draft.min_level,
  min_accuracy: numberOf(draft.min_accuracy),
  sessions: numberOf(draft.sessions),
  window: draft.window,
  of_sessions: draft.window === GOAL_WINDOW.ofLast ? numberOf(draft.of_sessions) : null,
  start_date: draft.start_date,
  due_date: draft.due_date,
  baseline: numberOf(draft.baseline),
});

export type GoalDraftCheck = { readonly ok: true; readonly value: GoalCreateBody } | { readonly ok: false; readonly errors: Partial<Record<GoalField, string>> };

/** The form's check, the server's rule (validateGoal): the body to send, or a message per field. */
export const checkGoalDraft = (draft: GoalDraft): GoalDraftCheck => {
  const checked = validateGoal(goalInputOf(draft));
  if (!checked.ok) return { ok: false, errors: Object.fromEntries(Object.entries(checked.errors).map(([field, failure]) => [field, failure.message])) };
  const { kind, parent_goal, game_types, ...rest } = checked.value;
  return { ok: true, value: { kind, parent_goal: parent_goal === null ? null : GoalId.make(parent_goal), game_types: [...game_types], ...rest } };
};

/** The lifecycle an edit sends: the one chosen, when it is one of the three. */
export const draftLifecycle = (draft: GoalDraft): GoalLifecycle | undefined => GOAL_LIFECYCLES.find((lifecycle) => lifecycle === draft.lifecycle);
