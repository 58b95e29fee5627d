import { type SQL, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AttemptNote } from "../../../domain/session-review/attempts-wire.ts";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import type { AttemptOriginalWire } from "../../../domain/session-review/session-review-calls.ts";
import type { Database } from "../../db/database.ts";
import { attemptNotes, noteTypes } from "../../db/schema/notes.ts";
import { type JsonObject, gameAttempts } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";

/** An attempt as the session detail and PATCH attempt/{id}/ send it (docs/attempt-mapping.md, "Attempt"). */
export type AttemptJson = SessionDetailJson["challenges_in_session"][number]["attempts"][number];
/** An SLP note as the detail, POST and PATCH attempt-notes/ send it. */
export type AttemptNoteJson = (typeof AttemptNote)["Encoded"];
type AuthorJson = AttemptNoteJson["created_by"];

type UserColumns = { readonly id: number; readonly firstName: string; readonly lastName: string; readonly email: string };

const author = (row: UserColumns): AuthorJson => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
});

/** An instant as the wire writes it: ISO-8601 with seconds and Z. */
export const isoOf = (date: Date): string => date.toISOString();

/** Who reviewed a session and when; null while it waits (or for a review nobody signed). */
export const reviewJson = (reviewed: boolean, reviewer: UserColumns | null, reviewedAt: Date | null): { reviewed_by: AuthorJson; reviewed_at: string } | null =>
  reviewed && reviewer !== null && reviewedAt !== null ? { reviewed_by: author(reviewer), reviewed_at: isoOf(reviewedAt) } : null;

const editors = alias(users, "editors");
const correctors = alias(users, "correctors");

/** The notes of the attempts `where` selects (a session's, one attempt's, one note), oldest first. */
export const loadNotes = async (db: Database, where: SQL): Promise<AttemptNoteJson[]> => {
  const rows = await db
    .select({
      id: attemptNotes.id,
      attemptId: attemptNotes.attemptId,
      content: attemptNotes.content,
      createdAt: attemptNotes.createdAt,
      updatedAt: attemptNotes.updatedAt,
      type: { id: noteTypes.id, name: noteTypes.name, color: noteTypes.color, sortOrder: noteTypes.sortOrder },
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      editor: { id: editors.id, firstName: editors.firstName, lastName: editors.lastName, email: editors.email },
    })
    .from(attemptNotes)
    .innerJoin(gameAttempts, eq(gameAttempts.id, attemptNotes.attemptId))
    .innerJoin(noteTypes, eq(noteTypes.id, attemptNotes.noteTypeId))
    .innerJoin(users, eq(users.id, attemptNotes.createdByUserId))
    .leftJoin(editors, eq(editors.id, attemptNotes.lastEditedByUserId))
    .where(where)
    .orderBy(asc(attemptNotes.createdAt), asc(attemptNotes.id));
  return rows.map((row) => ({
    id: row.id,
    game_attempt: row.attemptId,
    type: { id: row.type.id, name: row.type.name, color: row.type.color, sort_order: row.type.sortOrder },
    note: row.content,
    created_by: author(row.author),
    created_at: isoOf(row.createdAt),
    last_edited_by: row.editor === null ? null : author(row.editor),
    updated_at: isoOf(row.updatedAt),
  }));
};

const wordsOrNull = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((word) => typeof word === "string") ? (value as string[]) : null;

/** The original a correction stored, read back defensively (a value of the wrong type reads null). */
export const originalOf = (stored: JsonObject): AttemptOriginalWire => ({
  score: typeof stored.score === "number" && Number.isFinite(stored.score) ? stored.score : null,
  is_correct: typeof stored.is_correct === "boolean" ? stored.is_correct : null,
  transcription: typeof stored.transcription === "string" ? stored.transcription : null,
  correct_words: wordsOrNull(stored.correct_words),
  wrong_words: wordsOrNull(stored.wrong_words),
});

/** An attempt row with who corrected it, as loadAttempts reads it. */
type AttemptRow = Awaited<ReturnType<typeof selectAttempts>>[number];

const selectAttempts = (db: Database, where: SQL) =>
  db
    .select({
      attempt: gameAttempts,
      corrector: { id: correctors.id, firstName: correctors.firstName, lastName: correctors.lastName, email: correctors.email },
    })
    .from(gameAttempts)
    .leftJoin(correctors, eq(correctors.id, gameAttempts.correctedByUserId))
    .where(where)
    .orderBy(asc(gameAttempts.challengeId), asc(gameAttempts.attemptNumber), asc(gameAttempts.id));

const toAttemptJson = (row: AttemptRow, notes: readonly AttemptNoteJson[]): AttemptJson => {
  const a = row.attempt;
  return {
    id: a.id,
    attempt_number: a.attemptNumber,
    is_editable: a.isEditable,
    score: a.score,
    score_details: { is_correct: a.isCorrect, transcription: a.transcription, ai_feedback: a.aiFeedback },
    hints_used: a.hintsUsed,
    time_seconds: a.timeSeconds,
    response_audio_url: a.responseAudioUrl,
    attempt_data: a.attemptData,
    notes,
    created_at: isoOf(a.createdAt),
    correction:
      row.corrector === null || a.correctedAt === null || a.correctionOriginal === null
        ? null
        : { corrected_by: author(row.corrector), corrected_at: isoOf(a.correctedAt), original: originalOf(a.correctionOriginal) },
  };
};

/** The attempts `where` selects with their notes and corrections, each with its challenge id, in play order. */
export const loadAttempts = async (
  db: Database,
  attemptsWhere: SQL,
  notesWhere: SQL,
): Promise<Array<{ readonly challengeId: number; readonly attempt: AttemptJson }>> => {
  const [rows, notes] = await Promise.all([selectAttempts(db, attemptsWhere), loadNotes(db, notesWhere)]);
  const notesByAttempt = new Map<number, AttemptNoteJson[]>();
  for (const note of notes) {
    const list = notesByAttempt.get(note.game_attempt);
    if (list === undefined) notesByAttempt.set(note.game_attempt, [note]);
    else list.push(note);
  }
  return rows.map((row) => ({ challengeId: row.attempt.challengeId, attempt: toAttemptJson(row, notesByAttempt.get(row.attempt.id) ?? []) }));
};

/** One attempt as PATCH attempt/{id}/ answers it. */
export const loadAttempt = async (db: Database, attemptId: number): Promise<AttemptJson | undefined> => {
  const [found] = await loadAttempts(db, eq(gameAttempts.id, attemptId), eq(attemptNotes.attemptId, attemptId));
  return found?.attempt;
};
