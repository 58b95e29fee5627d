import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SessionDetailJson } from "../../../domain/session-review/session-detail-wire.ts";
import { type StoredSessionFigures, percentageChange, sessionFigures } from "../../../domain/session-review/session-figures.ts";
import { type AuditEvent, auditValues, auditWith } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { games } from "../../db/schema/games.ts";
import { sessionDetailCache, sessionDetailEpoch } from "../../db/schema/session-detail-cache.ts";
import { gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { isoOf, reviewJson } from "./attempt-records.ts";
import { buildChallenges, cachedChallengesOf, challengesHeld, fromDatabaseCache, keptCopyHolds, keptInProcess } from "./session-detail-cache.ts";

/** Everything of the detail but its challenges. */
export type SessionHeaderJson = Omit<SessionDetailJson, "challenges_in_session">;

const previousSessions = alias(gameSessions, "previous_sessions");
const currentSessions = alias(gameSessions, "current_sessions");
const challengeCount = (sessionId: typeof gameSessions.id) =>
  sql<number>`(select count(*) from ${gameChallenges} where ${gameChallenges.sessionId} = ${sessionId})`.mapWith(Number);
// Written out: drizzle leaves the columns of a subquery's own fields unqualified.
const previousChallengeCount = () => sql<number>`(select count(*) from game_challenges pc where pc.session_id = previous_sessions.id)`.mapWith(Number);

/** The session played just before `of` on the same exercise level (start time, then id). */
const playedBefore = (of: typeof gameSessions | typeof currentSessions) =>
  and(
    eq(previousSessions.patientGameLevelId, of.patientGameLevelId),
    or(lt(previousSessions.startTime, of.startTime), and(eq(previousSessions.startTime, of.startTime), lt(previousSessions.id, of.id))),
  );

/**
 * The stored figures of the session played just before this one on the same level (null: none),
 * which a correction's answer compares against as the detail does.
 */
export const previousSessionFigures = async (db: Database, sessionId: number): Promise<StoredSessionFigures | null> => {
  const [row] = await db
    .select({
      totalScore: previousSessions.totalScore,
      accuracyPercentage: previousSessions.accuracyPercentage,
      durationSeconds: previousSessions.durationSeconds,
      metrics: previousSessions.metrics,
      challengeCount: previousChallengeCount(),
    })
    .from(previousSessions)
    .innerJoin(currentSessions, and(eq(currentSessions.id, sessionId), playedBefore(currentSessions)))
    .orderBy(desc(previousSessions.startTime), desc(previousSessions.id))
    .limit(1);
  return row ?? null;
};

/**
 * The detail's one read: the session with its game, its reviewer and the session played just
 * before it on the same exercise level (start time, then id), each with its challenge count; the
 * version its cached challenges must hold (the session's detail_version and the epoch), the
 * cached challenges when they hold it, and the audit row of the read when they do (the answer is
 * then complete, and the row commits with the statement that answers). Prepared once.
 */
const detailRead = preparedOnce((db) => {
  const previous = db
    .select({
      totalScore: previousSessions.totalScore,
      accuracy: previousSessions.accuracyPercentage,
      duration: previousSessions.durationSeconds,
      metrics: previousSessions.metrics,
      challenges: previousChallengeCount().as("previous_challenges"),
    })
    .from(previousSessions)
    .where(playedBefore(gameSessions))
    .orderBy(desc(previousSessions.startTime), desc(previousSessions.id))
    .limit(1)
    .as("previous");
  const sessionId = sql`${sql.placeholder("sessionId")}::int`;
  const audit = auditWith(db, challengesHeld(sessionId));
  return db
    .with(audit)
    .select({
      session: gameSessions,
      challenges: challengeCount(gameSessions.id),
      game: { id: games.id, name: games.name, type: games.type },
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      previous: { totalScore: previous.totalScore, accuracy: previous.accuracy, duration: previous.duration, metrics: previous.metrics, challenges: previous.challenges },
      epoch: sessionDetailEpoch.epoch,
      keptCopyHolds: sql<boolean>`${keptCopyHolds(gameSessions, sessionDetailEpoch)}`,
      // Not sent again when this process's copy holds.
      cached: sql<string | null>`case when ${keptCopyHolds(gameSessions, sessionDetailEpoch)} then null else ${sessionDetailCache.body} end`,
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .innerJoin(sessionDetailEpoch, sql`true`)
    .leftJoin(users, eq(users.id, gameSessions.reviewedByUserId))
    .leftJoinLateral(previous, sql`true`)
    .leftJoin(sessionDetailCache, cachedChallengesOf(gameSessions, sessionDetailEpoch))
    .where(eq(gameSessions.id, sessionId))
    .limit(1)
    .prepare("session_detail_read");
});

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailRead>["execute"]>>[number];

/** The header of the detail, as the wire writes it, from the read's row. */
const headerOf = (found: DetailRow): SessionHeaderJson => {
  const { session, game, reviewer } = found;
  const before = found.previous;
  const previousFigures: StoredSessionFigures | null =
    before === null
      ? null
      : { totalScore: before.totalScore, accuracyPercentage: before.accuracy, durationSeconds: before.duration, metrics: before.metrics ?? {}, challengeCount: Number(before.challenges) };
  const figures = sessionFigures(
    game.type,
    { totalScore: session.totalScore, accuracyPercentage: session.accuracyPercentage, durationSeconds: session.durationSeconds, metrics: session.metrics, challengeCount: found.challenges },
    previousFigures,
  );
  const duration = session.durationSeconds;
  return {
    id: session.id,
    patient_id: session.patientId,
    patient_game_level_id: session.patientGameLevelId,
    review: reviewJson(session.reviewed, reviewer, session.reviewedAt),
    version: session.version,
    game_info: game,
    start_time: isoOf(session.startTime),
    difficulty: session.difficulty,
    is_active: session.isActive,
    total_score: figures.total_score,
    total_score_percentage_change: figures.total_score_percentage_change,
    accuracy_percentage: figures.accuracy_percentage,
    accuracy_percentage_change: figures.accuracy_percentage_change,
    total_session_duration: duration,
    total_session_duration_percentage_change: percentageChange(duration, before?.duration),
    avg_duration_per_content: figures.avg_duration_per_content,
    avg_duration_per_content_percentage_change: figures.avg_duration_per_content_percentage_change,
    game_metrics: figures.game_metrics,
  };
};

/**
 * GET game-session/{id}/detailed/ (docs/attempt-mapping.md; docs/session-review-api.md): the
 * session with its statistics, their change against the previous session of the same level,
 * its challenges with their attempts, each attempt's notes and correction, and the parts this
 * portal adds (whose session, which level, who reviewed it), as the UTF-8 bytes of the answer,
 * and the read's audit row (`audit`, written by the statement that answers the challenges: the
 * answer is never there without it). The header is read live; the challenges, which grow with the attempts, come
 * from a cache when one holds this version (session-detail-cache.ts: one statement in all),
 * else they are built (PostgreSQL writing the JSON text) and kept for the next read.
 * Undefined, with no audit row, when the session is gone.
 */
export const loadSessionDetail = async (
  db: Database,
  sessionId: number,
  audit: AuditEvent,
): Promise<Buffer | undefined> => {
  const kept = keptInProcess(db, sessionId);
  const [found] = await detailRead(db).execute({ sessionId, keptVersion: kept?.version ?? -1, keptEpoch: kept?.epoch ?? -1, ...auditValues(audit) });
  if (found === undefined) return undefined;
  const at = { version: found.session.detailVersion, epoch: found.epoch };
  const challenges =
    kept !== undefined && found.keptCopyHolds
      ? kept.bytes
      : found.cached !== null
        ? fromDatabaseCache(db, sessionId, at, found.cached)
        : await buildChallenges(db, sessionId, at, audit);
  const head = JSON.stringify(headerOf(found));
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},"challenges_in_session":`, "utf8"), challenges, CLOSING_BRACE]);
};

const CLOSING_BRACE = Buffer.from("}", "utf8");
