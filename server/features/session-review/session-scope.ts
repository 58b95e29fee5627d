import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { attemptNotes } from "../../db/schema/notes.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { type OnePatient, onePatientScope } from "../patients/index.ts";

/**
 * The `assigned-patients` scope of the session-review routes: every level, session, attempt and
 * note belongs to one patient, and the caller reaches it exactly when onePatientScope lets them
 * reach that patient. Outside the slice and unknown read the same (404 ERROR_030 naming the
 * record asked for), so ids cannot be probed; the super administrator gets the slice's 403.
 */
export type RecordKind = "exercise level" | "session" | "attempt" | "note";

export const recordNotFound = (kind: RecordKind): ApiFailure =>
  apiFailure(404, "ERROR_030", `${kind} not found in the caller's slice`, { placeholders: { field_name: kind } });

/** The patient's slice with the record the route names. */
export type ReviewScope = OnePatient & { readonly recordId: number };

const throughPatient = async (
  db: Database,
  principal: Principal,
  kind: RecordKind,
  recordId: number,
  patientId: number | undefined,
): Promise<ScopeDecision<ReviewScope>> => {
  const resourceId = String(recordId);
  if (patientId === undefined) return { ok: false, failure: recordNotFound(kind), reason: "outside_scope", resourceId };
  const decision = await onePatientScope(db, principal, patientId);
  if (!decision.ok) {
    // The patient's own 404 would name the patient: answer as for an unknown record instead.
    const failure = decision.failure.status === 404 ? recordNotFound(kind) : decision.failure;
    return { ok: false, failure, reason: decision.reason, resourceId };
  }
  return { ok: true, scope: { ...decision.scope, recordId }, resourceId };
};

/** game_level_id of the statistics and the session list: the assignment's patient. */
export const levelScope = async (db: Database, principal: Principal, levelId: number): Promise<ScopeDecision<ReviewScope>> => {
  const [row] = await db.select({ patientId: patientGameLevels.patientId }).from(patientGameLevels).where(eq(patientGameLevels.id, levelId)).limit(1);
  return throughPatient(db, principal, "exercise level", levelId, row?.patientId);
};

/** game-session/{id}/: the session's patient. */
export const sessionScope = async (db: Database, principal: Principal, sessionId: number): Promise<ScopeDecision<ReviewScope>> => {
  const [row] = await db.select({ patientId: gameSessions.patientId }).from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  return throughPatient(db, principal, "session", sessionId, row?.patientId);
};

/** attempt/{id}/ and a new note's game_attempt: the patient of the attempt's session. */
export const attemptScope = async (db: Database, principal: Principal, attemptId: number): Promise<ScopeDecision<ReviewScope>> => {
  const [row] = await db
    .select({ patientId: gameSessions.patientId })
    .from(gameAttempts)
    .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
    .where(eq(gameAttempts.id, attemptId))
    .limit(1);
  return throughPatient(db, principal, "attempt", attemptId, row?.patientId);
};

/** attempt-notes/{id}/: the patient of the noted attempt's session. */
export const noteScope = async (db: Database, principal: Principal, noteId: number): Promise<ScopeDecision<ReviewScope>> => {
  const [row] = await db
    .select({ patientId: gameSessions.patientId })
    .from(attemptNotes)
    .innerJoin(gameAttempts, eq(gameAttempts.id, attemptNotes.attemptId))
    .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
    .where(eq(attemptNotes.id, noteId))
    .limit(1);
  return throughPatient(db, principal, "note", noteId, row?.patientId);
};
