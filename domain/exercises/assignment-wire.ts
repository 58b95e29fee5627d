import * as Schema from "effect/Schema";
import { ExerciseTemplateId, PatientId } from "../shared/ids.ts";
import { Count } from "../shared/wire/paged.ts";
import { GameFormsList } from "./templates-wire.ts";

/** At most this many patients in one assignment call: a large caseload chosen by filter. */
export const MAX_PATIENTS_PER_ASSIGNMENT = 500;

/**
 * POST assignments/: the patients (one or many) and either the games with their forms or a
 * template to copy them from; exactly one of `games` and `template`.
 */
export const AssignmentBody = Schema.Struct({
  patients: Schema.Array(PatientId).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_PATIENTS_PER_ASSIGNMENT)),
  games: Schema.optionalKey(GameFormsList),
  template: Schema.optionalKey(ExerciseTemplateId),
});
export type AssignmentBody = typeof AssignmentBody.Type;

/**
 * The answer of POST assignments/: what the call did, in counts, and which patients (in the order
 * asked). Small whatever the call's size; GET patients/{id}/game-levels/ shows a patient's levels.
 */
export const AssignmentResponse = Schema.Struct({
  /** How many patients were assigned. */
  patients: Count,
  /** Levels the patients did not have live before. */
  levels_created: Count,
  /** Live levels re-prescribed in place (same level id, new dose). */
  levels_updated: Count,
  patient_ids: Schema.Array(PatientId),
});
export type AssignmentResponse = typeof AssignmentResponse.Type;
