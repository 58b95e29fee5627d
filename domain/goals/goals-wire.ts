import * as Schema from "effect/Schema";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { GameSessionId, IdNumber, PatientId } from "../shared/ids.ts";
import { CalendarDate, IsoDateTime } from "../shared/wire/dates.ts";
import { idFromUrl } from "../shared/wire/query-string.ts";
import { RecordVersion, versionField } from "../shared/wire/record-version.ts";
import { PersonName, boundedText, proseText } from "../shared/wire/text-fields.ts";
import { GOAL_KINDS, GOAL_LIFECYCLES, GOAL_STATUSES, GOAL_WINDOWS } from "./goal-criterion.ts";
import { MAX_STATEMENT_LENGTH } from "./goal-form.ts";

// docs/goals.md, "API". The bodies are loose on purpose (texts, nullable numbers, optional keys):
// the rules of domain/goals/goal-form.ts decide, so a missing criterion answers ERROR_003 on its field.

/** A goal's id; its own brand, kept in this feature so the entry chunk's ids stay as they were. */
export const GoalId = IdNumber.pipe(Schema.brand("GoalId"));
export type GoalId = typeof GoalId.Type;

const LooseNumber = Schema.optionalKey(Schema.NullOr(Schema.Finite));
const LooseText = Schema.optionalKey(Schema.NullOr(boundedText(40)));

/** The goal's fields a form writes (POST, and the editable part of PATCH). */
const goalFormFields = {
  statement: Schema.optionalKey(proseText(MAX_STATEMENT_LENGTH + 1)),
  game_types: Schema.optionalKey(Schema.Array(boundedText(40)).check(Schema.isMaxLength(GAME_TYPES.length))),
  min_level: LooseText,
  min_accuracy: LooseNumber,
  sessions: LooseNumber,
  window: LooseText,
  of_sessions: LooseNumber,
  start_date: LooseText,
  due_date: LooseText,
  baseline: LooseNumber,
} as const;

/** POST patients/{id}/goals/: a long-term goal, or a short-term one under `parent_goal`. */
export const GoalCreateBody = Schema.Struct({ kind: LooseText, parent_goal: Schema.optionalKey(Schema.NullOr(GoalId)), ...goalFormFields });
export type GoalCreateBody = typeof GoalCreateBody.Type;

/** PATCH goals/{id}/: the goal's words, criterion, dates and baseline, its closing (met, discontinued), and the version the edit started from. */
export const GoalPatchBody = Schema.Struct({ ...goalFormFields, lifecycle: Schema.optionalKey(Schema.Literals(GOAL_LIFECYCLES)), ...versionField });
export type GoalPatchBody = typeof GoalPatchBody.Type;

export const GoalStatusWire = Schema.Literals(GOAL_STATUSES);

/** One measured session as the chart and the table show it. */
export const GoalPointWire = Schema.Struct({
  session: GameSessionId,
  start_time: IsoDateTime,
  day: CalendarDate,
  level: DifficultySchema,
  accuracy: Schema.Finite,
  meets: Schema.Boolean,
});
export type GoalPointWire = typeof GoalPointWire.Type;

/** What the criterion engine said on the day of the answer (domain/goals/goal-progress.ts). */
export const GoalProgressWire = Schema.Struct({
  status: GoalStatusWire,
  baseline: Schema.NullOr(Schema.Struct({ value: Schema.Finite, source: Schema.Literals(["entered", "sessions"]), sessions: Schema.Array(GameSessionId) })),
  current: Schema.NullOr(Schema.Finite),
  current_sessions: Schema.Array(GameSessionId),
  achieved_on: Schema.NullOr(CalendarDate),
  points: Schema.Array(GoalPointWire),
});
export type GoalProgressWire = typeof GoalProgressWire.Type;

/** A goal with its criterion, dates, record facts and progress. */
export const GoalWire = Schema.Struct({
  id: GoalId,
  patient: PatientId,
  label: Schema.String,
  kind: Schema.Literals(GOAL_KINDS),
  parent_goal: Schema.NullOr(GoalId),
  statement: Schema.String,
  game_types: Schema.Array(Schema.Literals(GAME_TYPES)),
  min_level: DifficultySchema,
  min_accuracy: Schema.Int,
  sessions: Schema.Int,
  window: Schema.Literals(GOAL_WINDOWS),
  of_sessions: Schema.Int,
  start_date: CalendarDate,
  due_date: CalendarDate,
  baseline_entered: Schema.NullOr(Schema.Finite),
  lifecycle: Schema.Literals(GOAL_LIFECYCLES),
  created_by: Schema.Struct({ first_name: PersonName, last_name: PersonName }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  version: RecordVersion,
  progress: GoalProgressWire,
});
export type GoalWire = typeof GoalWire.Type;

/** GET patients/{id}/goals/: every goal of the patient, met and discontinued ones too, LTGs each followed by their STGs; and the day the progress was judged on. */
export const GoalListWire = Schema.Struct({ today: CalendarDate, goals: Schema.Array(GoalWire) });
export type GoalListWire = typeof GoalListWire.Type;

export const PatientGoalsParams = Schema.Struct({ id: idFromUrl(PatientId) });
export const GoalParams = Schema.Struct({ id: idFromUrl(GoalId) });
