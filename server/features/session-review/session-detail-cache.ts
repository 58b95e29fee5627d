import { type SQL, and, eq, sql } from "drizzle-orm";
import { type AuditEvent, auditInsertWhen, auditValues, recordAudit } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { sessionDetailCache, type sessionDetailEpoch } from "../../db/schema/session-detail-cache.ts";
import type { gameSessions } from "../../db/schema/sessions.ts";
import { challengesJson } from "./attempt-records.ts";

/**
 * The session detail's challenges, kept (session_detail_cache) for sessions long enough that
 * building them costs more than reading them back: a 500-attempt session's ~300 KB of JSON takes
 * PostgreSQL 13-20 ms to write and 2-5 ms to read (docs/server.md, "Per-request cost"). Shorter
 * sessions are built on every read and keep no row, so the table holds only the long ones.
 */
export const CACHED_CHALLENGES_MIN_LENGTH = 16 * 1024;

/** What a cached text must have been built at to be used: the session's detail_version and the epoch. */
export type DetailVersion = { readonly version: number; readonly epoch: number };

/** The session's cached challenges, only at the session's current version and the current epoch (a join condition). */
export const cachedChallengesOf = (sessions: typeof gameSessions, epochs: typeof sessionDetailEpoch): SQL =>
  and(eq(sessionDetailCache.sessionId, sessions.id), eq(sessionDetailCache.version, sessions.detailVersion), eq(sessionDetailCache.epoch, epochs.epoch)) as SQL;

/** Whether the session's cached challenges are good: the condition of the read's own audit row (cachedChallengesOf, as a test). */
export const cachedChallengesHold = (sessionId: SQL): SQL =>
  sql`exists (select 1 from session_detail_cache c join game_sessions s on s.id = c.session_id join session_detail_epoch e on e.epoch = c.epoch
    where c.session_id = ${sessionId} and c.version = s.detail_version)`;

const value = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

// The read's audit row and the kept text in one statement: neither commits without the other.
// A text built from an older snapshot never replaces a newer one (versions and epochs only grow).
const keepWithAudit = preparedOnce((db) => {
  const audit = db.$with("audit", { written: sql<number>`written` }).as(auditInsertWhen(sql`true`));
  return db
    .with(audit)
    .insert(sessionDetailCache)
    .values({ sessionId: value("sessionId", "int"), version: value("version", "int"), epoch: value("epoch", "int"), body: value("body", "text") })
    .onConflictDoUpdate({
      target: sessionDetailCache.sessionId,
      set: { version: sql`excluded.version`, epoch: sql`excluded.epoch`, body: sql`excluded.body` },
      setWhere: sql`(${sessionDetailCache.version}, ${sessionDetailCache.epoch}) <= (excluded.version, excluded.epoch)`,
    })
    .prepare("session_detail_keep");
});

/**
 * The challenges of a session whose cache did not hold `at` (the version the read saw), built
 * now, with the read's audit row: kept with it in one statement when long enough, else the row
 * alone. The text is built after `at` was read, so it is never older than the version it is kept
 * under (a write in between makes it newer, and the kept row then never matches again).
 */
export const buildChallenges = async (db: Database, sessionId: number, at: DetailVersion, audit: AuditEvent): Promise<string> => {
  const body = await challengesJson(db, sessionId);
  if (body.length < CACHED_CHALLENGES_MIN_LENGTH) await recordAudit(db, audit);
  else await keepWithAudit(db).execute({ sessionId, version: at.version, epoch: at.epoch, body, ...auditValues(audit) });
  return body;
};
