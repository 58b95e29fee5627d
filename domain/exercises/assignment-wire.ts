import * as Schema from "effect/Schema";
import { ExerciseTemplateId, PatientId } from "../shared/ids.ts";
import { PatientGameLevel } from "./games-wire.ts";
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

/** What one patient was assigned by the call: the levels created or updated, as GET patients/{id}/game-levels/ shows them. */
export const PatientAssignment = Schema.Struct({
  patient: PatientId,
  game_levels: Schema.Array(PatientGameLevel),
});
export type PatientAssignment = typeof PatientAssignment.Type;

/** The answer of POST assignments/: per patient, in the order asked. */
export const AssignmentResponse = Schema.Struct({ assignments: Schema.Array(PatientAssignment) });
export type AssignmentResponse = typeof AssignmentResponse.Type;
