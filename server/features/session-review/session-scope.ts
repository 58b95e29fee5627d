import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { patients } from "../../db/schema/patients.ts";
import { attemptNotes } from "../../db/schema/notes.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { type OnePatient, type PatientSlice, sliceOf } from "../../http/patient-scope.ts";

/**
 * The `assigned-patients` scope of the session-review routes: every level, session, attempt and
 * note belongs to one patient, and the caller reaches it exactly when their patient slice
 * (server/features/patients/patient-scope.ts) holds that patient, as onePatientScope decides. Outside the slice and unknown read the same (404 ERROR_030 naming the
 * record asked for), so ids cannot be probed; the super administrator gets the slice's 403.
 */
export type RecordKind = "exercise level" | "session" | "attempt" | "note";

export const recordNotFound = (kind: RecordKind): ApiFailure =>
  apiFailure(404, "ERROR_030", `${kind} not found in the caller's slice`, { placeholders: { field_name: kind } });

/** The patient's slice with the record the route names. */
export type ReviewScope = OnePatient & { readonly recordId: number };

/** The record's patient, and that patient's id again when the slice holds them (null: outside it). */
type RecordPatient = { readonly patientId: number; readonly reachable: number | null };

/**
 * The join condition of the record's patient with the slice (patients.id = the record's patient_id,
 * within the slice: sliceCondition's shape, with placeholders). Each kind's query below is built
 * once per database and slice kind (an SLP's caseload or an institution's; server/db/prepared.ts).
 */
const reachablePatient = (patientIdColumn: typeof gameSessions.patientId | typeof patientGameLevels.patientId, caseload: boolean): SQL =>
  and(
    eq(patients.id, patientIdColumn),
    eq(patients.institutionId, sql.placeholder("institutionId")),
    isNull(patients.archivedAt),
    caseload ? eq(patients.assignedStaffId, sql.placeholder("staffId")) : undefined,
  ) as SQL;

const RECORD = sql.placeholder("recordId");

type RecordQuery = { readonly execute: (values: Record<string, unknown>) => Promise<RecordPatient[]> };

/** One kind's query of both slice kinds, run for a slice and a record. */
const perSlice = (name: string, build: (db: Database, caseload: boolean) => { prepare: (name: string) => RecordQuery }) => {
  const caseload = preparedOnce((db) => build(db, true).prepare(`${name}_caseload`));
  const institution = preparedOnce((db) => build(db, false).prepare(`${name}_institution`));
  return async (db: Database, slice: PatientSlice, recordId: number): Promise<RecordPatient | undefined> => {
    const [row] = await (slice.staffId === null ? institution(db) : caseload(db)).execute({ ...slice, recordId });
    return row;
  };
};

/**
 * The record's patient joined with the caller's slice (each kind's query below): one query answers
 * which patient the record belongs to and whether the caller's slice holds them
 * (before, three: the record's patient, the caller's staff row, the patient in the slice). A
 * caller without a slice (403) is answered as before: an unknown record is still a 404 for them.
 */
const throughPatient = async (
  db: Database,
  principal: Principal,
  kind: RecordKind,
  recordId: number,
  patientOf: (slice: PatientSlice) => Promise<RecordPatient | undefined>,
): Promise<ScopeDecision<ReviewScope>> => {
  const resourceId = String(recordId);
  const notFound: ScopeDecision<ReviewScope> = { ok: false, failure: recordNotFound(kind), reason: "outside_scope", resourceId };
  const slice = await sliceOf(db, principal);
  if (!slice.ok) {
    // An unknown record stays the 404 it was. No institution has id 0: this only asks whether the record exists.
    const known = await patientOf({ institutionId: 0, staffId: null });
    return known === undefined ? notFound : { ...slice, resourceId };
  }
  const found = await patientOf(slice.scope);
  if (found === undefined || found.reachable === null) return notFound;
  return { ok: true, scope: { ...slice.scope, patientId: found.patientId, recordId }, resourceId };
};

/** game_level_id of the statistics and the session list: the assignment's patient. */
const levelPatient = perSlice("level_scope", (db, caseload) =>
  db
    .select({ patientId: patientGameLevels.patientId, reachable: patients.id })
    .from(patientGameLevels)
    .leftJoin(patients, reachablePatient(patientGameLevels.patientId, caseload))
    .where(eq(patientGameLevels.id, RECORD))
    .limit(1),
);
export const levelScope = (db: Database, principal: Principal, levelId: number): Promise<ScopeDecision<ReviewScope>> =>
  throughPatient(db, principal, "exercise level", levelId, (slice) => levelPatient(db, slice, levelId));

/** game-session/{id}/: the session's patient. */
const sessionPatient = perSlice("session_scope", (db, caseload) =>
  db
    .select({ patientId: gameSessions.patientId, reachable: patients.id })
    .from(gameSessions)
    .leftJoin(patients, reachablePatient(gameSessions.patientId, caseload))
    .where(eq(gameSessions.id, RECORD))
    .limit(1),
);
export const sessionScope = (db: Database, principal: Principal, sessionId: number): Promise<ScopeDecision<ReviewScope>> =>
  throughPatient(db, principal, "session", sessionId, (slice) => sessionPatient(db, slice, sessionId));

/** attempt/{id}/ and a new note's game_attempt: the patient of the attempt's session. */
const attemptPatient = perSlice("attempt_scope", (db, caseload) =>
  db
    .select({ patientId: gameSessions.patientId, reachable: patients.id })
    .from(gameAttempts)
    .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
    .leftJoin(patients, reachablePatient(gameSessions.patientId, caseload))
    .where(eq(gameAttempts.id, RECORD))
    .limit(1),
);
export const attemptScope = (db: Database, principal: Principal, attemptId: number): Promise<ScopeDecision<ReviewScope>> =>
  throughPatient(db, principal, "attempt", attemptId, (slice) => attemptPatient(db, slice, attemptId));

/** attempt-notes/{id}/: the patient of the noted attempt's session. */
const notePatient = perSlice("note_scope", (db, caseload) =>
  db
    .select({ patientId: gameSessions.patientId, reachable: patients.id })
    .from(attemptNotes)
    .innerJoin(gameAttempts, eq(gameAttempts.id, attemptNotes.attemptId))
    .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
    .leftJoin(patients, reachablePatient(gameSessions.patientId, caseload))
    .where(eq(attemptNotes.id, RECORD))
    .limit(1),
);
export const noteScope = (db: Database, principal: Principal, noteId: number): Promise<ScopeDecision<ReviewScope>> =>
  throughPatient(db, principal, "note", noteId, (slice) => notePatient(db, slice, noteId));
