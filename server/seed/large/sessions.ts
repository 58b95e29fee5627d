import type { Database } from "../../db/database.ts";
import type { ContentItem } from "../../content/content-item.ts";
import type { Prng } from "../../prng.ts";
import type { Meter } from "./meter.ts";
import type { LargeAssignment } from "./patients.ts";
import { type PlannedSession, planSessionTotals, planSessionWithAttempts } from "./session-plan.ts";
import type { History, ScheduledSession } from "./session-times.ts";
import { insertUnnest, reserveIds } from "./unnest-insert.ts";

/** Sessions per INSERT (about; a patient's sessions are never split): large enough that commits and statements do not dominate. */
export const SESSIONS_PER_STATEMENT = 20_000;
const HOUR_MS = 3_600_000;

export type SessionCounts = { readonly sessions: number; readonly challenges: number; readonly attempts: number };

type SessionRow = { readonly id: number; readonly assignment: LargeAssignment; readonly start: number; readonly plan: PlannedSession; readonly reviewedAt: number | null };

const contentJson = new WeakMap<ContentItem, string>();
const jsonOf = (item: ContentItem): string => {
  let text = contentJson.get(item);
  if (text === undefined) {
    text = JSON.stringify(item);
    contentJson.set(item, text);
  }
  return text;
};

/** One transaction: the sessions, then (with attempts) their challenges and attempts, under ids reserved beforehand. */
const insertBatch = async (db: Database, rows: readonly SessionRow[], challengeIds: readonly number[], meter: Meter): Promise<{ challenges: number; attempts: number }> => {
  const challenges = rows.flatMap((row) => row.plan.challenges.map((challenge) => ({ sessionId: row.id, challenge })));
  const attempts = challenges.flatMap(({ sessionId, challenge }, index) => challenge.attempts.map((attempt) => ({ sessionId, challengeId: challengeIds[index] ?? 0, attempt })));
  await db.transaction(async (tx) => {
    await meter.time("sessions", rows.length, () =>
      insertUnnest(
        tx,
        "game_sessions",
        [
          { name: "id", type: "int", values: rows.map((row) => row.id) },
          { name: "patient_game_level_id", type: "int", values: rows.map((row) => row.assignment.id) },
          { name: "patient_id", type: "int", values: rows.map((row) => row.assignment.patientId) },
          { name: "game_id", type: "int", values: rows.map((row) => row.assignment.gameId) },
          { name: "difficulty", type: "text", values: rows.map((row) => row.assignment.difficulty) },
          { name: "start_time", type: "timestamptz", values: rows.map((row) => row.start) },
          { name: "end_time", type: "timestamptz", values: rows.map((row) => row.start + row.plan.durationSeconds * 1000) },
          { name: "duration_seconds", type: "real", values: rows.map((row) => row.plan.durationSeconds) },
          { name: "total_score", type: "real", values: rows.map((row) => row.plan.totalScore) },
          { name: "accuracy_percentage", type: "real", values: rows.map((row) => row.plan.accuracy) },
          { name: "metrics", type: "jsonb", values: rows.map((row) => JSON.stringify(row.plan.metrics)) },
          { name: "reviewed", type: "boolean", values: rows.map((row) => row.reviewedAt !== null) },
          { name: "reviewed_by_user_id", type: "int", values: rows.map((row) => (row.reviewedAt === null ? null : row.assignment.reviewerUserId)) },
          { name: "reviewed_at", type: "timestamptz", values: rows.map((row) => row.reviewedAt) },
          { name: "created_at", type: "timestamptz", values: rows.map((row) => row.start) },
        ],
        { overriding: true },
      ),
    );
    if (challenges.length === 0) return;
    await meter.time("challenges", challenges.length, () =>
      insertUnnest(
        tx,
        "game_challenges",
        [
          { name: "id", type: "int", values: challengeIds },
          { name: "session_id", type: "int", values: challenges.map((row) => row.sessionId) },
          { name: "position", type: "int", values: challenges.map((row) => row.challenge.position) },
          { name: "content", type: "jsonb", values: challenges.map((row) => jsonOf(row.challenge.content)) },
        ],
        { overriding: true },
      ),
    );
    await meter.time("attempts", attempts.length, () =>
      insertUnnest(tx, "game_attempts", [
        { name: "session_id", type: "int", values: attempts.map((row) => row.sessionId) },
        { name: "challenge_id", type: "int", values: attempts.map((row) => row.challengeId) },
        { name: "attempt_number", type: "int", values: attempts.map((row) => row.attempt.attemptNumber) },
        { name: "is_editable", type: "boolean", values: attempts.map((row) => row.attempt.isEditable) },
        { name: "score", type: "real", values: attempts.map((row) => row.attempt.score) },
        { name: "is_correct", type: "boolean", values: attempts.map((row) => row.attempt.isCorrect) },
        { name: "transcription", type: "text", values: attempts.map((row) => row.attempt.transcription) },
        { name: "ai_feedback", type: "text", values: attempts.map((row) => row.attempt.aiFeedback) },
        { name: "hints_used", type: "int", values: attempts.map((row) => row.attempt.hintsUsed) },
        { name: "time_seconds", type: "real", values: attempts.map((row) => row.attempt.timeSeconds) },
        { name: "response_audio_url", type: "text", values: attempts.map((row) => row.attempt.responseAudioUrl) },
        { name: "attempt_data", type: "jsonb", values: attempts.map((row) => JSON.stringify(row.attempt.attemptData)) },
        { name: "created_at", type: "timestamptz", values: attempts.map((row) => row.attempt.createdAt) },
      ]),
    );
  });
  return { challenges: challenges.length, attempts: attempts.length };
};

/** The sessions planned for one assignment (scheduleAssignment). */
export type AssignmentSchedule = { readonly assignment: LargeAssignment; readonly sessions: readonly ScheduledSession[] };

/**
 * Splits the schedules (in patient order) into statements of about `perStatement` sessions,
 * never splitting a patient: the counter triggers update each patient once per statement that
 * holds their sessions, so with every patient in one statement a patient is updated once,
 * whatever their history. (Inserting the whole institution in time order instead updated each
 * patient in nearly every statement, about 25 times as many patient updates: see docs/database.md.)
 */
export const statementsOf = (schedules: readonly AssignmentSchedule[], perStatement: number): AssignmentSchedule[][] => {
  const statements: AssignmentSchedule[][] = [];
  let current: AssignmentSchedule[] = [];
  let size = 0;
  schedules.forEach((schedule, index) => {
    current.push(schedule);
    size += schedule.sessions.length;
    const next = schedules[index + 1];
    if (size >= perStatement && next?.assignment.patientId !== schedule.assignment.patientId) {
      statements.push(current);
      current = [];
      size = 0;
    }
  });
  if (current.length > 0) statements.push(current);
  return statements;
};

/**
 * Writes the scheduled sessions, a statement's worth to a transaction; with `attempts` each
 * session's challenges and attempts go in the same transaction, so a session is never seen
 * without them. Within a statement sessions go oldest first (a patient's ids follow time). The
 * reviewer is the patient's SLP (the administrator for patients without one), 4-60 hours after the session.
 */
export const insertSessions = async (
  db: Database,
  input: {
    readonly schedules: readonly AssignmentSchedule[];
    readonly history: History;
    readonly attempts: boolean;
    readonly sessionsPerStatement: number;
    readonly prng: Prng;
    readonly meter: Meter;
    readonly afterStatement: () => void;
  },
): Promise<SessionCounts> => {
  const { prng, meter, history } = input;
  const span = history.end - history.start;
  const counts = { sessions: 0, challenges: 0, attempts: 0 };
  // One statement is written while the next is planned: the database works while JavaScript
  // draws (PostgreSQL runs in its own process, and so does the CLI's PGlite), so a run takes
  // about the longer of the two rather than their sum. Planning yields every 2,000 sessions so
  // the transaction in flight can move on to its next statement.
  let inFlight: Promise<void> | undefined;
  for (const statement of statementsOf(input.schedules, input.sessionsPerStatement)) {
    const scheduled = statement.flatMap(({ assignment, sessions: planned }) => planned.map((session) => ({ assignment, ...session }))).sort((a, b) => a.start - b.start);
    if (scheduled.length === 0) continue;
    const planned: Array<Omit<SessionRow, "id">> = [];
    for (const { assignment, start, reviewed } of scheduled) {
      if (planned.length % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
      const progress = (start - history.start) / span;
      const plan = input.attempts ? planSessionWithAttempts(assignment, start, progress, history.now, prng) : planSessionTotals(assignment, progress, prng);
      const end = start + plan.durationSeconds * 1000;
      const reviewedAt = reviewed ? Math.max(end, Math.min(history.now - HOUR_MS, start + prng.int(4, 60) * HOUR_MS)) : null;
      planned.push({ assignment, start, plan, reviewedAt });
    }
    const ids = await reserveIds(db, "game_sessions", planned.length);
    const challengeIds = await reserveIds(db, "game_challenges", input.attempts ? planned.reduce((sum, row) => sum + row.plan.challenges.length, 0) : 0);
    const rows = planned.map((row, index): SessionRow => ({ ...row, id: ids[index] ?? 0 }));
    await inFlight;
    inFlight = insertBatch(db, rows, challengeIds, meter).then((written) => {
      counts.sessions += rows.length;
      counts.challenges += written.challenges;
      counts.attempts += written.attempts;
      input.afterStatement();
    });
    // Awaited at the next statement or below; until then a failure must not count as unhandled.
    inFlight.catch(() => undefined);
  }
  await inFlight;
  return counts;
};
