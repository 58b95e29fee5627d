import { type SQL, sql } from "drizzle-orm";
import type { AttemptNote } from "../../../domain/session-review/attempts-wire.ts";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import { type AuditEvent, auditValues, auditWith } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";

/**
 * Attempts and notes as the API sends them, written as JSON text by PostgreSQL itself and read
 * back as one text value: a 500-attempt session is one row instead of 500
 * rows of 20 columns that the driver would decode and JavaScript would map again
 * (docs/session-review-api.md, "Performance"). The session detail, PATCH attempt/{id}/ and the
 * note calls share these expressions, so every answer holds an attempt or a note the same way.
 */

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

/** An instant as the wire writes it: ISO-8601 with milliseconds and Z. */
export const isoOf = (date: Date): string => date.toISOString();

/** Who reviewed a session and when; null while it waits (or for a review nobody signed). */
export const reviewJson = (reviewed: boolean, reviewer: UserColumns | null, reviewedAt: Date | null): { reviewed_by: AuthorJson; reviewed_at: string } | null =>
  reviewed && reviewer !== null && reviewedAt !== null ? { reviewed_by: author(reviewer), reviewed_at: isoOf(reviewedAt) } : null;

// The same text toISOString writes, whatever the connection's time zone.
const iso = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const authorText = (alias: string): string =>
  `('{"id":' || ${alias}.id || ',"first_name":' || to_json(${alias}.first_name)::text || ',"last_name":' || to_json(${alias}.last_name)::text || ',"email":' || to_json(${alias}.email)::text || '}')`;
const authorOf = (alias: string): string =>
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email)`;

/** Notes (n) with their type (t), author (u) and last editor (e); the note is concatenated as the attempt is (below). */
const NOTES_FROM = `attempt_notes n
  join note_types t on t.id = n.note_type_id
  join users u on u.id = n.created_by_user_id
  left join users e on e.id = n.last_edited_by_user_id`;
const NOTE_JSON = `'{"id":' || n.id || ',"game_attempt":' || n.attempt_id
  || ',"type":{"id":' || t.id || ',"name":' || to_json(t.name)::text || ',"color":' || to_json(t.color)::text || ',"sort_order":' || t.sort_order
  || '},"note":' || to_json(n.content)::text
  || ',"created_by":' || ${authorText("u")} || ',"created_at":"' || ${iso("n.created_at")}
  || '","last_edited_by":' || (case when e.id is null then 'null' else ${authorText("e")} end) || ',"updated_at":"' || ${iso("n.updated_at")} || '","version":' || n.version || '}'`;

/**
 * An attempt (a) with its notes (notes.list) and its corrector (c), as JSON text. Written by
 * concatenation rather than json_build_object, which looks up the type of each of its arguments
 * on every row: a quarter faster for 500 attempts. Numbers and booleans print as JSON already;
 * text goes through to_json for its escaping; jsonb columns print as JSON.
 */
const text = (column: string): string => `coalesce(to_json(${column})::text, 'null')`;
const plain = (column: string): string => `coalesce(${column}::text, 'null')`;
// A real column may hold NaN or ±Infinity (the checks allow them for times), which JSON cannot: null.
const finite = (column: string): string => `coalesce((case when ${column} = 'NaN'::real or abs(${column}) = 'Infinity'::real then null else ${column} end)::text, 'null')`;
const ATTEMPT_JSON = `'{"id":' || a.id || ',"attempt_number":' || a.attempt_number || ',"is_editable":' || a.is_editable
  || ',"score":' || ${finite("a.score")}
  || ',"score_details":{"is_correct":' || ${plain("a.is_correct")} || ',"transcription":' || ${text("a.transcription")} || ',"ai_feedback":' || ${text("a.ai_feedback")}
  || '},"hints_used":' || ${plain("a.hints_used")} || ',"time_seconds":' || ${finite("a.time_seconds")} || ',"response_audio_url":' || ${text("a.response_audio_url")}
  || ',"attempt_data":' || a.attempt_data::text || ',"notes":' || coalesce(notes.list, '[]') || ',"created_at":"' || ${iso("a.created_at")}
  || '","correction":' || coalesce((case when c.id is null or a.corrected_at is null or a.correction_original is null then null else json_build_object(
    'corrected_by', ${authorOf("c")}, 'corrected_at', ${iso("a.corrected_at")},
    'original', json_build_object(
      'score', a.correction_original->'score', 'is_correct', a.correction_original->'is_correct',
      'transcription', a.correction_original->'transcription', 'correct_words', a.correction_original->'correct_words',
      'wrong_words', a.correction_original->'wrong_words')) end)::text, 'null') || ',"version":' || a.version || '}'`;

/** The notes of the attempts (a) `where` selects, one list per attempt, oldest first. */
const notesCte = (where: SQL): SQL =>
  sql`notes as (select n.attempt_id, '[' || string_agg(${sql.raw(NOTE_JSON)}, ',' order by n.created_at, n.id) || ']' as list
    from ${sql.raw(NOTES_FROM)} join game_attempts a on a.id = n.attempt_id where ${where} group by n.attempt_id)`;
const ATTEMPTS_FROM = "game_attempts a left join notes on notes.attempt_id = a.id left join users c on c.id = a.corrected_by_user_id";

/** The one text column of the first row, or undefined when the query found nothing. */
const firstText = async (db: Database, query: SQL): Promise<string | undefined> => {
  const result: unknown = await db.execute(query);
  const rows = typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? result.rows : [];
  const first: unknown = rows[0];
  const value = typeof first === "object" && first !== null && "json" in first ? first.json : undefined;
  return typeof value === "string" ? value : undefined;
};

/**
 * A session's challenges in play order, each with its attempts in play order, their notes and
 * corrections: the `challenges_in_session` array of the detail, as JSON text; and the read's audit
 * row, written by the same statement when the text is shorter than `keepFrom` characters (a text
 * that long is kept, and its keeping statement writes the row: session-detail-cache.ts).
 * `audited` says which: the statement measures the text, so the caller follows it.
 */
export const challengesJson = async (db: Database, sessionId: number, audit: AuditEvent, keepFrom: number): Promise<{ readonly json: string; readonly audited: boolean }> => {
  const [row] = await challengesRead(db).execute({ sessionId, keepFrom, ...auditValues(audit) });
  return { json: row?.json ?? "[]", audited: row?.audited ?? false };
};

// Every read of a session too short to keep (docs/server.md, "Per-request cost") builds its
// challenges: built once and named (server/db/prepared.ts), so PostgreSQL parses and plans its
// string aggregations once per connection instead of on every read. Its plan is by the session's
// id on the challenges' and attempts' session indexes whatever the id, so a generic plan holds.
const challengesRead = preparedOnce((db) => {
  const sessionId = sql`${sql.placeholder("sessionId")}::int`;
  const where = sql`a.session_id = ${sessionId}`;
  const built = db.$with("challenges_text", { json: sql<string | null>`json` }).as(
    sql`with ${notesCte(where)},
      attempts as (select a.challenge_id, '[' || string_agg(${sql.raw(ATTEMPT_JSON)}, ',' order by a.attempt_number, a.id) || ']' as list
        from ${sql.raw(ATTEMPTS_FROM)} where ${where} group by a.challenge_id)
      select '[' || coalesce(string_agg('{"id":' || ch.id || ',"order":' || ch.position || ',"content":' || ch.content::text || ',"attempts":' || coalesce(attempts.list, '[]') || '}',
        ',' order by ch.position, ch.id), '') || ']' as json
      from game_challenges ch left join attempts on attempts.challenge_id = ch.id where ch.session_id = ${sessionId}`,
  );
  // A short text is not kept, so the read's row is written here: no round trip of its own.
  const audit = auditWith(db, sql`char_length(coalesce((select json from challenges_text), '[]')) < ${sql.placeholder("keepFrom")}::int`);
  return db
    .with(built, audit)
    .select({ json: sql<string | null>`challenges_text.json`, audited: sql<boolean>`exists (select 1 from audit)` })
    .from(built)
    .prepare("session_challenges_json");
});

/**
 * Runs a correction's `UPDATE … RETURNING` of one attempt and answers the attempt as PATCH
 * attempt/{id}/ sends it, built from the row the update returned (one statement: nothing is read
 * again after the write); undefined when the update changed no row (a stale version).
 */
export const writeAttempt = async (db: Database, update: { getSQL: () => SQL }, attemptId: number): Promise<AttemptJson | undefined> => {
  const where = sql`a.id = ${attemptId}`;
  // The notes are read from the statement's snapshot, which a correction does not change.
  const json = await firstText(
    db,
    sql`with written as (${update.getSQL()}), ${notesCte(where)}
      select ${sql.raw(ATTEMPT_JSON)} as json from written a left join notes on notes.attempt_id = a.id left join users c on c.id = a.corrected_by_user_id`,
  );
  return json === undefined ? undefined : (JSON.parse(json) as AttemptJson);
};

/** One note as POST and PATCH attempt-notes/ answer it. */
export const loadNote = async (db: Database, noteId: number): Promise<AttemptNoteJson | undefined> => {
  const json = await firstText(db, sql`select ${sql.raw(NOTE_JSON)} as json from ${sql.raw(NOTES_FROM)} where n.id = ${noteId}`);
  return json === undefined ? undefined : (JSON.parse(json) as AttemptNoteJson);
};
