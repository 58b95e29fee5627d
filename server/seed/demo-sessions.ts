import { sql } from "drizzle-orm";
import { roundToOneDecimal } from "../../domain/shared/format/round.ts";
import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import { exerciseContent } from "../content/exercise-content.ts";
import type { ContentItem } from "../content/content-item.ts";
import { attemptNotes, noteTypes } from "../db/schema/notes.ts";
import { patients } from "../db/schema/patients.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../db/schema/sessions.ts";
import type { Prng } from "../prng.ts";
import { ATTEMPT_PLANNERS } from "./attempts/by-game.ts";
import type { AttemptPlan } from "./attempts/attempt-plan.ts";
import { chunksOf, rowsPerStatement } from "./chunks.ts";
import type { DemoAssignment, DemoPatient } from "./demo-patients.ts";
import type { DemoStaff } from "./demo-staff.ts";
import { DAY_MS, type SeedContext, addSeconds } from "./seed-context.ts";

export const HISTORY_DAYS = 90;
/**
 * Attempts of sessions older than this are locked (is_editable false) in the demo, so the rule
 * that only editable attempts may be corrected is visible (docs/session-review-api.md, "Locked
 * attempts"): a platform closes old results once they fed reports.
 */
export const EDITABLE_DAYS = 60;

const LEVEL_ADJUSTMENT: Readonly<Record<Difficulty, number>> = { easy: 0.1, medium: 0, hard: -0.15 };

type PlannedChallenge = { readonly position: number; readonly content: ContentItem; readonly attempts: ReadonlyArray<AttemptPlan & { readonly createdAt: Date }> };
type PlannedSession = {
  readonly assignment: DemoAssignment;
  readonly start: Date;
  readonly end: Date;
  readonly durationSeconds: number;
  readonly challenges: readonly PlannedChallenge[];
  readonly totalScore: number | null;
  readonly accuracy: number | null;
  readonly metrics: { readonly [key: string]: unknown };
  readonly reviewerUserId: number | null;
  readonly reviewedAt: Date | null;
};

/** Picks `count` items in a shuffled order, repeating only when the file has fewer. */
const pickItems = (items: readonly ContentItem[], count: number, prng: Prng): ContentItem[] => {
  const picked: ContentItem[] = [];
  let pool: ContentItem[] = [];
  while (picked.length < count && items.length > 0) {
    if (pool.length === 0) pool = [...items];
    const [item] = pool.splice(prng.int(0, pool.length - 1), 1);
    if (item !== undefined) picked.push(item);
  }
  return picked;
};

/** Per-game summary the session detail reports as game_metrics. */
const metricsOf = (assignment: DemoAssignment, challenges: readonly PlannedChallenge[]): { readonly [key: string]: unknown } => {
  if (assignment.gameType === "verbal_fluency") {
    const words = challenges.flatMap((c) => c.attempts).reduce((sum, a) => {
      const spoken = a.attemptData.spoken_words;
      const correct = typeof spoken === "object" && spoken !== null && "correct_words" in spoken && Array.isArray(spoken.correct_words) ? spoken.correct_words.length : 0;
      return sum + correct;
    }, 0);
    return { words_count: words };
  }
  if (assignment.gameType === "memory_grid") {
    const solved = challenges.filter((c) => c.attempts.some((a) => a.isCorrect === true)).length;
    return { success_rate: challenges.length === 0 ? null : roundToOneDecimal((solved / challenges.length) * 100) };
  }
  return {};
};

const planSession = (context: SeedContext, patient: DemoPatient, assignment: DemoAssignment, start: Date, progress: number): PlannedSession => {
  const prng = context.prng;
  const items = exerciseContent(assignment.gameType, assignment.difficulty)?.items ?? [];
  // Patients improve over the 90 days, with good and bad days.
  const ability = Math.min(0.95, Math.max(0.05, patient.ability + LEVEL_ADJUSTMENT[assignment.difficulty] + 0.15 * progress + (prng.next() - 0.5) * 0.2));
  let clock = 5 + prng.next() * 10;
  const challenges = pickItems(items, assignment.amountChallenges, prng).map((item, index): PlannedChallenge => {
    const plans = ATTEMPT_PLANNERS[assignment.gameType]({ item, difficulty: assignment.difficulty, trials: assignment.amountTrials, ability, prng, siblings: items });
    const attempts = plans.map((plan) => {
      const createdAt = addSeconds(start, clock);
      clock += plan.timeSeconds + 2 + prng.next() * 4;
      return { ...plan, createdAt };
    });
    return { position: index + 1, content: item, attempts };
  });
  const scored = challenges.flatMap((c) => c.attempts).filter((a) => a.score !== null);
  const totalScore = scored.length === 0 ? null : roundToOneDecimal(scored.reduce((sum, a) => sum + (a.score ?? 0), 0));
  const accuracy = scored.length === 0 ? null : roundToOneDecimal((scored.filter((a) => a.isCorrect === true).length / scored.length) * 100);
  const durationSeconds = Math.round(clock);
  const daysAgo = (context.baseDate.getTime() - start.getTime()) / DAY_MS;
  const locked = daysAgo > EDITABLE_DAYS;
  // Older sessions have mostly been reviewed; the last few days wait for the SLP.
  const reviewed = patient.reviewerUserId !== null && prng.chance(daysAgo > 7 ? 0.92 : daysAgo > 2 ? 0.5 : 0.1);
  const reviewedAt = reviewed ? new Date(Math.min(context.baseDate.getTime() - 3_600_000, start.getTime() + prng.int(4, 60) * 3_600_000)) : null;
  return {
    assignment,
    start,
    end: addSeconds(start, durationSeconds),
    durationSeconds,
    challenges: locked ? challenges.map((c) => ({ ...c, attempts: c.attempts.map((a) => ({ ...a, isEditable: false })) })) : challenges,
    totalScore,
    accuracy,
    metrics: metricsOf(assignment, challenges),
    reviewerUserId: reviewed ? patient.reviewerUserId : null,
    reviewedAt,
  };
};

/** Sessions on the days a patient played each assigned game, over the 90 days before the base date. */
const planSessions = (context: SeedContext, patientsToPlan: readonly DemoPatient[]): PlannedSession[] => {
  const { prng, baseDate } = context;
  const historyStart = baseDate.getTime() - HISTORY_DAYS * DAY_MS;
  const sessions: PlannedSession[] = [];
  for (const patient of patientsToPlan) {
    if (patient.status === "pending") continue;
    const stop = patient.stoppedAt?.getTime() ?? baseDate.getTime();
    for (const assignment of patient.assignments) {
      const firstDay = Math.ceil(Math.max(historyStart, assignment.assignedAt.getTime()) / DAY_MS) * DAY_MS;
      for (let day = firstDay; day < stop; day += DAY_MS) {
        if (!prng.chance(patient.adherence)) continue;
        const progress = (day - historyStart) / (HISTORY_DAYS * DAY_MS);
        const hours = prng.chance(0.2) ? [prng.int(8, 12), prng.int(15, 20)] : [prng.int(8, 20)];
        for (const hour of hours) {
          const start = new Date(day + hour * 3_600_000 + prng.int(0, 59) * 60_000 + prng.int(0, 59) * 1000);
          sessions.push(planSession(context, patient, assignment, start, progress));
        }
      }
    }
  }
  return sessions;
};

const NOTE_TEXT: Readonly<Record<string, readonly string[]>> = {
  Observation: [
    "Needed a phonemic cue, then self-corrected.",
    "Long pause before answering; fatigue noted late in the session.",
    "Good use of the strategy practised in clinic.",
  ],
  Progress: ["Faster and more accurate than last week.", "First time completing this level without hints.", "Consistent improvement on this item type."],
  Concern: ["Frequent perseveration on the previous answer.", "Responses less clear than usual; check hearing aid and medication.", "Several items skipped."],
  Plan: ["Move to the next level if this holds for another week.", "Add two more naming sessions per week.", "Discuss carry-over strategies at the next visit."],
};

/** Inserts the planned sessions, their challenges and attempts, and SLP notes on a few reviewed attempts. */
export const seedSessions = async (context: SeedContext, patientsToPlan: readonly DemoPatient[], staffing: DemoStaff): Promise<{ sessions: number; attempts: number; notes: number }> => {
  const { db, prng } = context;
  const planned = planSessions(context, patientsToPlan);

  const sessionIds = new Map<string, number>();
  const sessionKey = (levelId: number, start: Date): string => `${levelId}|${start.toISOString()}`;
  for (const chunk of chunksOf(planned, rowsPerStatement(16))) {
    const rows = await db
      .insert(gameSessions)
      .values(
        chunk.map((s) => ({
          patientGameLevelId: s.assignment.id,
          patientId: s.assignment.patientId,
          gameId: s.assignment.gameId,
          difficulty: s.assignment.difficulty,
          startTime: s.start,
          endTime: s.end,
          isActive: false,
          durationSeconds: s.durationSeconds,
          totalScore: s.totalScore,
          accuracyPercentage: s.accuracy,
          metrics: s.metrics,
          reviewed: s.reviewedAt !== null,
          reviewedByUserId: s.reviewerUserId,
          reviewedAt: s.reviewedAt,
          createdAt: s.start,
        })),
      )
      .returning({ id: gameSessions.id, levelId: gameSessions.patientGameLevelId, start: gameSessions.startTime });
    for (const row of rows) sessionIds.set(sessionKey(row.levelId, row.start), row.id);
  }
  const sessionIdOf = (s: PlannedSession): number => sessionIds.get(sessionKey(s.assignment.id, s.start)) ?? 0;

  const challengeRows = planned.flatMap((s) => s.challenges.map((c) => ({ sessionId: sessionIdOf(s), position: c.position, content: c.content })));
  const challengeIds = new Map<string, number>();
  for (const chunk of chunksOf(challengeRows, rowsPerStatement(3))) {
    const rows = await db.insert(gameChallenges).values(chunk).returning({ id: gameChallenges.id, sessionId: gameChallenges.sessionId, position: gameChallenges.position });
    for (const row of rows) challengeIds.set(`${row.sessionId}:${row.position}`, row.id);
  }

  const attemptRows = planned.flatMap((s) => {
    const sessionId = sessionIdOf(s);
    return s.challenges.flatMap((c) =>
      c.attempts.map((a) => ({
        sessionId,
        challengeId: challengeIds.get(`${sessionId}:${c.position}`) ?? 0,
        attemptNumber: a.attemptNumber,
        isEditable: a.isEditable,
        score: a.score,
        isCorrect: a.isCorrect,
        transcription: a.transcription,
        aiFeedback: a.aiFeedback,
        hintsUsed: a.hintsUsed,
        timeSeconds: a.timeSeconds,
        responseAudioUrl: a.responseAudioUrl,
        attemptData: a.attemptData,
        createdAt: a.createdAt,
        // Reviewed sessions keep a note on a few attempts.
        note: s.reviewedAt !== null && s.reviewerUserId !== null && prng.chance(0.04) ? { by: s.reviewerUserId, at: s.reviewedAt } : null,
      })),
    );
  });
  const types = await db.select({ id: noteTypes.id, name: noteTypes.name }).from(noteTypes);
  const noteRows: Array<typeof attemptNotes.$inferInsert> = [];
  for (const chunk of chunksOf(attemptRows, rowsPerStatement(13))) {
    const rows = await db
      .insert(gameAttempts)
      .values(chunk.map(({ note: _note, ...row }) => row))
      .returning({ id: gameAttempts.id, challengeId: gameAttempts.challengeId, attemptNumber: gameAttempts.attemptNumber });
    const idOf = new Map(rows.map((row) => [`${row.challengeId}:${row.attemptNumber}`, row.id]));
    for (const row of chunk) {
      if (row.note === null || types.length === 0) continue;
      const type = prng.pick(types);
      const edited = prng.chance(0.2);
      noteRows.push({
        attemptId: idOf.get(`${row.challengeId}:${row.attemptNumber}`) ?? 0,
        noteTypeId: type.id,
        content: prng.pick(NOTE_TEXT[type.name] ?? ["Reviewed."]),
        createdByUserId: row.note.by,
        lastEditedByUserId: edited ? staffing.editorUserId : null,
        createdAt: row.note.at,
        updatedAt: edited ? new Date(row.note.at.getTime() + 86_400_000) : row.note.at,
      });
    }
  }
  for (const chunk of chunksOf(noteRows, rowsPerStatement(7))) await db.insert(attemptNotes).values(chunk);

  // A patient reads "reviewed" once every session they played has been reviewed.
  await db
    .update(patients)
    .set({ reviewed: sql`not exists (select 1 from ${gameSessions} where ${gameSessions.patientId} = ${patients.id} and not ${gameSessions.reviewed})` });

  return { sessions: planned.length, attempts: attemptRows.length, notes: noteRows.length };
};
