import { eq } from "drizzle-orm";
import { SESSION_DETAIL_EXAMPLES } from "../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import type { Difficulty } from "../domain/shared/games/difficulty.ts";
import type { GameType } from "../domain/shared/games/game-type.ts";
import type { Database, DatabaseDriver } from "./db/database.ts";
import { patientGameLevels } from "./db/schema/assignments.ts";
import { games } from "./db/schema/games.ts";
import { noteTypes } from "./db/schema/notes.ts";
import { patients } from "./db/schema/patients.ts";
import { type JsonObject, gameAttempts, gameChallenges, gameSessions } from "./db/schema/sessions.ts";
import { type PatientsWorld, patientsWorld } from "./clinic-world.test-helper.ts";
import { sessionTotals } from "../domain/session-review/session-totals.ts";

/** One attempt to insert; anything left out takes the game's example attempt (docs/attempt-mapping.md §6). */
export type AttemptSpec = {
  readonly isEditable?: boolean;
  readonly score?: number | null;
  readonly isCorrect?: boolean | null;
  readonly transcription?: string | null;
  readonly attemptData?: JsonObject;
};

export type SessionSpec = {
  readonly patientId: number;
  readonly type: GameType;
  /** Default: the example's difficulty. */
  readonly difficulty?: Difficulty;
  readonly start: Date;
  readonly durationSeconds?: number;
  readonly reviewed?: boolean;
  readonly isActive?: boolean;
  /** Per challenge, its attempts; default: the example's challenges and attempts. */
  readonly challenges?: ReadonlyArray<ReadonlyArray<AttemptSpec>>;
  /** Every attempt locked (is_editable false). */
  readonly locked?: boolean;
};

export type InsertedSession = {
  readonly sessionId: number;
  readonly levelId: number;
  readonly challengeIds: readonly number[];
  /** Attempt ids in play order. */
  readonly attemptIds: readonly number[];
};

/** The patients world (clinic, SLPs, admins, other clinic) with patients of its own, their levels, and sessions on demand. */
export type SessionWorld = PatientsWorld & {
  readonly db: Database;
  /** Assigned to the world's SLP. */
  readonly patientId: number;
  /** Assigned to the other SLP of the same clinic. */
  readonly otherSlpPatientId: number;
  /** A patient of the other clinic. */
  readonly foreignPatientId: number;
  readonly gameIdOf: (type: GameType) => number;
  readonly noteTypeIds: readonly number[];
  /** The patient's level of a game, created on first use (difficulty as the game's example). */
  readonly levelOf: (patientId: number, type: GameType, difficulty?: Difficulty) => Promise<number>;
  readonly addSession: (spec: SessionSpec) => Promise<InsertedSession>;
};

let counter = 0;

export const sessionWorld = async (driver: DatabaseDriver, tag: string): Promise<SessionWorld> => {
  const world = await patientsWorld(driver, tag);
  const db = world.t.database.db;
  const gameRows = await db.select({ id: games.id, type: games.type }).from(games);
  const gameIdOf = (type: GameType): number => gameRows.find((row) => row.type === type)?.id ?? 0;
  const noteTypeIds = (await db.select({ id: noteTypes.id }).from(noteTypes).orderBy(noteTypes.sortOrder)).map((row) => row.id);

  const patient = async (institutionId: number, staffId: number | null, name: string): Promise<number> => {
    counter += 1;
    const [row] = await db
      .insert(patients)
      .values({ institutionId, firstName: name, lastName: "Review", email: `${name.toLowerCase()}.${tag}.${counter}@home.test`, birthdate: "1950-02-03", gender: "female", assignedStaffId: staffId, status: "active" })
      .returning({ id: patients.id });
    if (row === undefined) throw new Error("no patient");
    return row.id;
  };
  const patientId = await patient(world.clinic, world.slpStaffId, "Rosalind");
  const otherSlpPatientId = await patient(world.clinic, world.otherSlpStaffId, "Theodora");
  const foreignPatientId = await patient(world.otherClinic, world.foreignStaffId, "Ignatius");

  const levels = new Map<string, number>();
  const levelOf = async (forPatient: number, type: GameType, difficulty: Difficulty = SESSION_DETAIL_EXAMPLES[type].difficulty): Promise<number> => {
    const key = `${forPatient}:${type}:${difficulty}`;
    const known = levels.get(key);
    if (known !== undefined) return known;
    const [row] = await db
      .insert(patientGameLevels)
      .values({ patientId: forPatient, gameId: gameIdOf(type), difficulty, amountChallenges: 5, amountTrials: 3, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 3, assignedAt: new Date("2026-01-05T09:00:00Z") })
      .returning({ id: patientGameLevels.id });
    if (row === undefined) throw new Error("no level");
    levels.set(key, row.id);
    return row.id;
  };

  const addSession = async (spec: SessionSpec): Promise<InsertedSession> => {
    const example = SESSION_DETAIL_EXAMPLES[spec.type];
    const difficulty = spec.difficulty ?? example.difficulty;
    const levelId = await levelOf(spec.patientId, spec.type, difficulty);
    const exampleAttempt = example.challenges_in_session[0]?.attempts[0];
    if (exampleAttempt === undefined) throw new Error("example without attempts");
    const plan = (spec.challenges ?? example.challenges_in_session.map((c) => c.attempts.map((): AttemptSpec => ({})))).map((attempts, index) => {
      const challenge = example.challenges_in_session[index % example.challenges_in_session.length] ?? example.challenges_in_session[0];
      return {
        content: (challenge?.content ?? {}) as JsonObject,
        attempts: attempts.map((attempt, number) => {
          const base = challenge?.attempts[number % challenge.attempts.length] ?? exampleAttempt;
          return {
            attemptNumber: number + 1,
            isEditable: spec.locked === true ? false : (attempt.isEditable ?? true),
            score: attempt.score === undefined ? base.score : attempt.score,
            isCorrect: attempt.isCorrect === undefined ? base.score_details.is_correct : attempt.isCorrect,
            transcription: attempt.transcription === undefined ? base.score_details.transcription : attempt.transcription,
            aiFeedback: base.score_details.ai_feedback,
            hintsUsed: base.hints_used,
            timeSeconds: base.time_seconds,
            responseAudioUrl: base.response_audio_url,
            attemptData: attempt.attemptData ?? (base.attempt_data as JsonObject),
          };
        }),
      };
    });
    return db.transaction(async (tx) => {
      const [session] = await tx
        .insert(gameSessions)
        .values({
          patientGameLevelId: levelId,
          patientId: spec.patientId,
          gameId: gameIdOf(spec.type),
          difficulty,
          startTime: spec.start,
          endTime: new Date(spec.start.getTime() + (spec.durationSeconds ?? 60) * 1000),
          isActive: spec.isActive ?? false,
          durationSeconds: spec.durationSeconds ?? 60,
          reviewed: spec.reviewed ?? false,
          createdAt: spec.start,
        })
        .returning({ id: gameSessions.id });
      if (session === undefined) throw new Error("no session");
      const challengeIds: number[] = [];
      const attemptIds: number[] = [];
      const totalsInput: Array<{ challengeId: number; score: number | null; isCorrect: boolean | null; attemptData: JsonObject }> = [];
      for (const [index, challenge] of plan.entries()) {
        const [row] = await tx.insert(gameChallenges).values({ sessionId: session.id, position: index + 1, content: challenge.content }).returning({ id: gameChallenges.id });
        if (row === undefined) throw new Error("no challenge");
        challengeIds.push(row.id);
        if (challenge.attempts.length === 0) continue;
        const inserted = await tx
          .insert(gameAttempts)
          .values(challenge.attempts.map((attempt, number) => ({ ...attempt, sessionId: session.id, challengeId: row.id, createdAt: new Date(spec.start.getTime() + (index * 10 + number + 1) * 1000) })))
          .returning({ id: gameAttempts.id });
        attemptIds.push(...inserted.map((attempt) => attempt.id));
        totalsInput.push(...challenge.attempts.map((attempt) => ({ challengeId: row.id, score: attempt.score, isCorrect: attempt.isCorrect, attemptData: attempt.attemptData })));
      }
      const totals = sessionTotals(spec.type, challengeIds, totalsInput);
      await tx.update(gameSessions).set({ totalScore: totals.totalScore, accuracyPercentage: totals.accuracyPercentage, metrics: totals.metrics }).where(eq(gameSessions.id, session.id));
      return { sessionId: session.id, levelId, challengeIds, attemptIds };
    });
  };

  return { ...world, db, patientId, otherSlpPatientId, foreignPatientId, gameIdOf, noteTypeIds, levelOf, addSession };
};

