import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, unique } from "drizzle-orm/pg-core";
import { patientGameLevels } from "./assignments.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { difficultyCheck, games } from "./games.ts";
import { institutions } from "./institutions.ts";
import { patients } from "./patients.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, instant } from "./timestamps.ts";
import { users } from "./users.ts";

/** A JSON object as stored in jsonb columns; its shape per game is owned by domain/wire. */
export type JsonObject = { readonly [key: string]: unknown };

/**
 * One sitting of one assigned game. Summary numbers are stored when the session ends so lists
 * and trends never re-aggregate attempts; `metrics` is the session detail's game_metrics
 * (words_count for verbal fluency, success_rate for memory grid).
 */
export const gameSessions = pgTable(
  "game_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientGameLevelId: integer("patient_game_level_id")
      .notNull()
      .references(() => patientGameLevels.id),
    // Denormalised from the assignment: session lists filter by patient and game without a join.
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    difficulty: text("difficulty").$type<Difficulty>().notNull(),
    startTime: instant("start_time").notNull(),
    endTime: instant("end_time"),
    isActive: boolean("is_active").notNull().default(false),
    /** Total session duration in seconds. */
    durationSeconds: real("duration_seconds").notNull().default(0),
    totalScore: real("total_score"),
    accuracyPercentage: real("accuracy_percentage"),
    metrics: jsonb("metrics").$type<JsonObject>().notNull().default({}),
    reviewed: boolean("reviewed").notNull().default(false),
    reviewedByUserId: integer("reviewed_by_user_id").references(() => users.id),
    reviewedAt: instant("reviewed_at"),
    createdAt: createdAt(),
    /**
     * Moves with every write to the session or to what its detail shows (its challenges, attempts
     * and their notes), by triggers in the writing transaction (migration 0016): a cached detail
     * (session_detail_cache) holds the version it was built at and is good only while equal.
     */
    detailVersion: integer("detail_version").notNull().default(0),
    /**
     * The version of the session's review mark (issue 31): moved by each review or reopening, so
     * a mark sent from a stale page (If-Match or the body's `version`) is refused, not applied.
     */
    version: recordVersion(),
  },
  (t) => [
    difficultyCheck("game_sessions_difficulty_check", t.difficulty),
    check("game_sessions_accuracy_check", sql`${t.accuracyPercentage} between 0 and 100`),
    index("game_sessions_level_start_idx").on(t.patientGameLevelId, t.startTime),
    index("game_sessions_patient_start_idx").on(t.patientId, t.startTime),
    // The overview's week counts its two partial buckets (at the week's start and at now) here.
    index("game_sessions_start_idx").on(t.startTime),
    // The review queue (migration 0017, docs/session-review-api.md "Review queue"): only sessions
    // waiting for review, in the walk's order (start, then id), per patient, per level and for all,
    // so each step is one index probe beyond the cursor; a review takes the row out.
    index("game_sessions_pending_idx").on(t.patientId, t.startTime, t.id).where(sql`not ${t.reviewed}`),
    index("game_sessions_level_pending_idx").on(t.patientGameLevelId, t.startTime, t.id).where(sql`not ${t.reviewed}`),
    index("game_sessions_pending_order_idx").on(t.startTime, t.id).where(sql`not ${t.reviewed}`),
  ],
);

/**
 * Sessions per institution and five minutes of their start (session_bucket(), migration 0015), kept
 * exact by the triggers on game_sessions and patients in the writing transaction: how many started,
 * how many of those still await review, and their seconds. Only live (not archived) patients'
 * sessions count, as on the overview. The week's figures sum 2,016 of these rows instead of
 * scanning the week's sessions (docs/database.md, "Counters kept on write").
 */
export const sessionBuckets = pgTable(
  "session_buckets",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    bucketStart: instant("bucket_start").notNull(),
    sessions: integer("sessions").notNull(),
    awaitingReview: integer("awaiting_review").notNull(),
    seconds: doublePrecision("seconds").notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.bucketStart] })],
);

/**
 * Per patient and calendar day in the patient's institution's time zone (institutions.time_zone),
 * how many of the patient's sessions started that day: a day with a row is a remote-monitoring data
 * day (issue 24). Kept exact by the statement triggers on game_sessions, on patients (moved to
 * another institution) and on institutions (time zone changed), in the writing transaction, so
 * billing reads a patient's 30 days as at most 30 rows instead of scanning sessions (migration
 * 0018, docs/database.md "Counters kept on write"). Archived patients keep theirs: billing history.
 */
export const patientDataDays = pgTable(
  "patient_data_days",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.day] })],
);

/** One item of exercise content shown in a session (a picture to name, a grid, a prescription). */
export const gameChallenges = pgTable(
  "game_challenges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    /** Order within the session, from 1. */
    position: integer("position").notNull(),
    content: jsonb("content").$type<JsonObject>().notNull(),
  },
  (t) => [unique("game_challenges_session_position_key").on(t.sessionId, t.position)],
);

/**
 * One try at a challenge, in the columns the session detail answers with (domain/shared/wire/
 * session-detail.ts): score and correctness (reviewers may correct both), what the patient said,
 * hints, time, the recording, and `attemptData`, the game-specific part
 * (docs/attempt-mapping.md). Corrections are stamped with who made them.
 */
export const gameAttempts = pgTable(
  "game_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => gameChallenges.id, { onDelete: "cascade" }),
    /** 1 for the first try at the challenge, 2 for the second, ... */
    attemptNumber: integer("attempt_number").notNull(),
    isEditable: boolean("is_editable").notNull().default(true),
    /** 0 to 1; null where the game gives no score (chit-chat). */
    score: real("score"),
    isCorrect: boolean("is_correct"),
    transcription: text("transcription"),
    aiFeedback: text("ai_feedback"),
    hintsUsed: integer("hints_used"),
    timeSeconds: real("time_seconds"),
    responseAudioUrl: text("response_audio_url"),
    attemptData: jsonb("attempt_data").$type<JsonObject>().notNull().default({}),
    createdAt: instant("created_at").notNull(),
    correctedByUserId: integer("corrected_by_user_id").references(() => users.id),
    correctedAt: instant("corrected_at"),
    /**
     * What the machine scored before the first correction (score, is_correct, transcription,
     * correct_words, wrong_words: AttemptOriginalWire); null until corrected. Later corrections
     * keep this first original, so the reviewer can always see what the game itself decided.
     */
    correctionOriginal: jsonb("correction_original").$type<JsonObject>(),
    version: recordVersion(),
  },
  (t) => [
    check("game_attempts_score_check", sql`${t.score} between 0 and 1`),
    check("game_attempts_counts_check", sql`${t.attemptNumber} >= 1 and ${t.hintsUsed} >= 0 and ${t.timeSeconds} >= 0`),
    unique("game_attempts_challenge_number_key").on(t.challengeId, t.attemptNumber),
    index("game_attempts_session_idx").on(t.sessionId),
    // The review queue (issue 31, migration 0030): how many attempts of a session can be corrected,
    // and whether any can (?only=correctable), read from this index alone, never from the rows.
    index("game_attempts_editable_session_idx").on(t.sessionId).where(sql`${t.isEditable}`),
  ],
);
