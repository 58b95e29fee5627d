import { and, eq, isNotNull } from "drizzle-orm";
import type { AssignmentChoice, CheckedUpload } from "../../../domain/mobile/mobile-session-rules.ts";
import { MobileSessionReceipt, type MobileSessionUpload } from "../../../domain/mobile/mobile-session-wire.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { mobileSessionReceipts } from "../../db/schema/devices.ts";
import { games } from "../../db/schema/games.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";

/** The upload's answer as sent (MobileSessionReceipt's wire form). */
export type ReceiptJson = typeof MobileSessionReceipt.Encoded;

/** The first answer to this patient's session of that client id, if the server has it. */
export const findReceipt = async (db: Database, patientId: number, clientSessionId: string): Promise<ReceiptJson | undefined> => {
  const [row] = await db
    .select({ answer: mobileSessionReceipts.answer })
    .from(mobileSessionReceipts)
    .where(and(eq(mobileSessionReceipts.patientId, patientId), eq(mobileSessionReceipts.clientSessionId, clientSessionId), isNotNull(mobileSessionReceipts.answer)))
    .limit(1);
  return row?.answer === null || row?.answer === undefined ? undefined : inAnswerOrder(row.answer);
};

const ANSWER_KEYS = Object.keys(MobileSessionReceipt.fields);

/** jsonb keeps keys in its own order; the repeat's body must be the first answer's bytes, so the keys go back in the schema's order. */
const inAnswerOrder = (stored: { readonly [key: string]: unknown }): ReceiptJson =>
  Object.fromEntries(ANSWER_KEYS.filter((key) => key in stored).map((key) => [key, stored[key]])) as ReceiptJson;

/** A live assignment of the patient, with its game's type. */
export type LiveAssignment = { readonly levelId: number; readonly gameId: number; readonly difficulty: Difficulty; readonly gameType: string };

/** The patient's live assignment the upload names (by id, or by game and level); undefined when the patient has no such live one. */
export const findLiveAssignment = async (db: Database, patientId: number, choice: AssignmentChoice): Promise<LiveAssignment | undefined> => {
  const named =
    choice.kind === "level"
      ? eq(patientGameLevels.id, choice.levelId)
      : and(eq(patientGameLevels.gameId, choice.gameId), eq(patientGameLevels.difficulty, choice.difficulty));
  const [row] = await db
    .select({ levelId: patientGameLevels.id, gameId: patientGameLevels.gameId, difficulty: patientGameLevels.difficulty, gameType: games.type })
    .from(patientGameLevels)
    .innerJoin(games, eq(games.id, patientGameLevels.gameId))
    .where(and(named, eq(patientGameLevels.patientId, patientId), eq(patientGameLevels.isActive, true)))
    .limit(1);
  return row;
};

export type UploadWrite = {
  readonly patientId: number;
  readonly deviceId: number;
  readonly assignment: LiveAssignment;
  readonly body: MobileSessionUpload;
  readonly checked: CheckedUpload;
  readonly now: Date;
};

/** What a write did: stored the session (the claimer), or found the client id already claimed (a concurrent or earlier upload). */
export type UploadWritten = { readonly claimed: true; readonly receipt: ReceiptJson } | { readonly claimed: false };

/**
 * Writes one uploaded session inside the caller's transaction. It first claims the client id
 * (`INSERT … ON CONFLICT DO NOTHING` on the receipts' key): on PostgreSQL a concurrent upload of
 * the same id waits on that key until the claimer commits, then finds it taken and writes
 * nothing, so ten identical retries make one session. Only the claimer writes the session, its
 * challenges and attempts (one multi-row statement each), then the receipt's session id and
 * answer. The counters (pending sessions, last session, the institution's rollup) follow from
 * the session insert by migration 0012's triggers, in this same transaction.
 */
export const writeUpload = async (tx: Database, write: UploadWrite): Promise<UploadWritten> => {
  const { body, checked, assignment, now } = write;
  const claimed = await tx
    .insert(mobileSessionReceipts)
    .values({ patientId: write.patientId, clientSessionId: body.client_session_id, deviceId: write.deviceId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ patientId: mobileSessionReceipts.patientId });
  if (claimed.length === 0) return { claimed: false };

  const [session] = await tx
    .insert(gameSessions)
    .values({
      patientGameLevelId: assignment.levelId,
      patientId: write.patientId,
      gameId: assignment.gameId,
      difficulty: assignment.difficulty,
      startTime: checked.start,
      endTime: checked.end,
      isActive: false,
      durationSeconds: checked.durationSeconds,
      totalScore: checked.totalScore,
      accuracyPercentage: checked.accuracyPercentage,
      metrics: checked.metrics,
      reviewed: false,
      createdAt: now,
    })
    .returning({ id: gameSessions.id });
  if (session === undefined) throw new Error("session insert returned no row");

  const challengeRows = await tx
    .insert(gameChallenges)
    .values(checked.challenges.map((challenge) => ({ sessionId: session.id, position: challenge.order, content: challenge.content })))
    .returning({ id: gameChallenges.id, position: gameChallenges.position });
  const challengeIdOf = new Map(challengeRows.map((row) => [row.position, row.id]));
  // What the rules answered (content as its game reads it, texts stripped), not the body as sent.
  const attempts = checked.challenges.flatMap((challenge) =>
    challenge.attempts.map((attempt) => ({
      sessionId: session.id,
      challengeId: challengeIdOf.get(challenge.order) ?? 0,
      attemptNumber: attempt.attempt_number,
      isEditable: attempt.is_editable ?? true,
      score: attempt.score,
      isCorrect: attempt.score_details.is_correct,
      transcription: attempt.score_details.transcription,
      aiFeedback: attempt.score_details.ai_feedback,
      hintsUsed: attempt.hints_used,
      timeSeconds: attempt.time_seconds,
      responseAudioUrl: attempt.response_audio_url,
      attemptData: attempt.attempt_data,
      createdAt: new Date(attempt.created_at),
    })),
  );
  if (attempts.length > 0) await tx.insert(gameAttempts).values(attempts);

  const receipt: ReceiptJson = {
    id: session.id,
    client_session_id: body.client_session_id.toLowerCase(),
    patient_id: write.patientId,
    patient_game_level_id: assignment.levelId,
    game_id: assignment.gameId,
    difficulty: assignment.difficulty,
    start_time: checked.start.toISOString(),
    end_time: checked.end.toISOString(),
    total_session_duration: checked.durationSeconds,
    total_score: checked.totalScore,
    accuracy_percentage: checked.accuracyPercentage,
    game_metrics: checked.metrics,
    challenges_count: checked.challenges.length,
    attempts_count: attempts.length,
    received_at: now.toISOString(),
  };
  await tx
    .update(mobileSessionReceipts)
    .set({ sessionId: session.id, answer: receipt })
    .where(and(eq(mobileSessionReceipts.patientId, write.patientId), eq(mobileSessionReceipts.clientSessionId, body.client_session_id)));
  return { claimed: true, receipt };
};
