import * as Schema from "effect/Schema";

/** The largest id a record can have: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id as a plain number: a whole number from 1 to MAX_ID, so a larger one is refused
 * when decoded instead of reaching the database (which would answer with an error).
 */
export const IdNumber = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ID }));

// Branded ids: a patient id can never be passed where a staff id is expected.
const positiveInt = IdNumber;

export const UserId = positiveInt.pipe(Schema.brand("UserId"));
export type UserId = typeof UserId.Type;
export const InstitutionId = positiveInt.pipe(Schema.brand("InstitutionId"));
export type InstitutionId = typeof InstitutionId.Type;
export const AdministratorId = positiveInt.pipe(Schema.brand("AdministratorId"));
export type AdministratorId = typeof AdministratorId.Type;
export const StaffId = positiveInt.pipe(Schema.brand("StaffId"));
export type StaffId = typeof StaffId.Type;
export const PatientId = positiveInt.pipe(Schema.brand("PatientId"));
export type PatientId = typeof PatientId.Type;
export const PlaceId = positiveInt.pipe(Schema.brand("PlaceId"));
export type PlaceId = typeof PlaceId.Type;
export const GameId = positiveInt.pipe(Schema.brand("GameId"));
export type GameId = typeof GameId.Type;
export const GameLevelId = positiveInt.pipe(Schema.brand("GameLevelId"));
export type GameLevelId = typeof GameLevelId.Type;
export const ExerciseTemplateId = positiveInt.pipe(Schema.brand("ExerciseTemplateId"));
export type ExerciseTemplateId = typeof ExerciseTemplateId.Type;
export const GameSessionId = positiveInt.pipe(Schema.brand("GameSessionId"));
export type GameSessionId = typeof GameSessionId.Type;
export const AttemptId = positiveInt.pipe(Schema.brand("AttemptId"));
export type AttemptId = typeof AttemptId.Type;
export const AttemptNoteId = positiveInt.pipe(Schema.brand("AttemptNoteId"));
export type AttemptNoteId = typeof AttemptNoteId.Type;
export const NoteTypeId = positiveInt.pipe(Schema.brand("NoteTypeId"));
export type NoteTypeId = typeof NoteTypeId.Type;
export const RoleId = positiveInt.pipe(Schema.brand("RoleId"));
export type RoleId = typeof RoleId.Type;
