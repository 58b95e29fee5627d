import { type SQL, and, eq, sql } from "drizzle-orm";
import { type AuditEvent, auditValues, auditWith } from "../../audit/record-audit.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce, typedPlaceholder } from "../../db/prepared.ts";
import { sessionDetailCache, type sessionDetailEpoch } from "../../db/schema/session-detail-cache.ts";
import type { gameSessions } from "../../db/schema/sessions.ts";
import { challengesJson } from "./attempt-records.ts";

/**
 * The session detail's challenges, kept for sessions long enough that building them costs more
 * than reading them back: a 500-attempt session's ~300 KB of JSON takes PostgreSQL 13-20 ms to
 * write and 2-5 ms to read (docs/server.md, "Per-request cost"). Shorter sessions are built on
 * every read and kept nowhere, so the table holds only the long ones.
 *
 * Two levels, both good only at the session's detail_version and the epoch (migration 0016):
 * session_detail_cache in the database (shared by every API process, kept across restarts), and
 * in front of it the UTF-8 bytes in this process (KEPT_BYTES_PER_DATABASE, least recently used
 * first out), which the read sends as they are: no 300 KB text decoded from the driver, measured
 * and encoded again on every read. The process's copy is checked against the versions the read's
 * one statement returns, so a write by another process voids it as surely.
 */
export const CACHED_CHALLENGES_MIN_LENGTH = 16 * 1024;
export const KEPT_BYTES_PER_DATABASE = 64 * 1024 * 1024;

/** What a cached text must have been built at to be used: the session's detail_version and the epoch. */
export type DetailVersion = { readonly version: number; readonly epoch: number };

type Kept = DetailVersion & { readonly bytes: Buffer };

/** The bytes kept in this process per database (each app and test has its own), oldest use first. */
const keptPerDatabase = new WeakMap<Database, { entries: Map<number, Kept>; bytes: number }>();
const keptOf = (db: Database) => {
  let kept = keptPerDatabase.get(db);
  if (kept === undefined) {
    kept = { entries: new Map(), bytes: 0 };
    keptPerDatabase.set(db, kept);
  }
  return kept;
};

/** This process's bytes of a session's challenges, whatever their version (the read checks it). */
export const keptInProcess = (db: Database, sessionId: number): Kept | undefined => {
  const kept = keptOf(db);
  const entry = kept.entries.get(sessionId);
  if (entry !== undefined) {
    // Most recently used last.
    kept.entries.delete(sessionId);
    kept.entries.set(sessionId, entry);
  }
  return entry;
};

const keepInProcess = (db: Database, sessionId: number, entry: Kept): void => {
  const kept = keptOf(db);
  const previous = kept.entries.get(sessionId);
  if (previous !== undefined) {
    kept.entries.delete(sessionId);
    kept.bytes -= previous.bytes.length;
  }
  kept.entries.set(sessionId, entry);
  kept.bytes += entry.bytes.length;
  for (const [oldest, dropped] of kept.entries) {
    if (kept.bytes <= KEPT_BYTES_PER_DATABASE) break;
    kept.entries.delete(oldest);
    kept.bytes -= dropped.bytes.length;
  }
};

/** Drops this process's copy of a session's challenges (tests: to see what the database serves). */
export const forgetInProcess = (db: Database, sessionId: number): void => {
  const kept = keptOf(db);
  const entry = kept.entries.get(sessionId);
  if (entry === undefined) return;
  kept.entries.delete(sessionId);
  kept.bytes -= entry.bytes.length;
};

/** The session's cached challenges, only at the session's current version and the current epoch (a join condition). */
export const cachedChallengesOf = (sessions: typeof gameSessions, epochs: typeof sessionDetailEpoch): SQL =>
  and(eq(sessionDetailCache.sessionId, sessions.id), eq(sessionDetailCache.version, sessions.detailVersion), eq(sessionDetailCache.epoch, epochs.epoch)) as SQL;

/** Whether the process's copy (the `keptVersion` and `keptEpoch` placeholders) is at the session's version and the epoch. */
export const keptCopyHolds = (sessions: typeof gameSessions, epochs: typeof sessionDetailEpoch): SQL =>
  sql`(${sessions.detailVersion} = ${sql.placeholder("keptVersion")}::int and ${epochs.epoch} = ${sql.placeholder("keptEpoch")}::int)`;

/**
 * Whether the read is answered from a cache, the database's or the process's: the condition of
 * the read's own audit row, the same test as the read's select (cachedChallengesOf, keptCopyHolds).
 */
export const challengesHeld = (sessionId: SQL): SQL =>
  sql`exists (select 1 from game_sessions s join session_detail_epoch e on true
    left join session_detail_cache c on c.session_id = s.id and c.version = s.detail_version and c.epoch = e.epoch
    where s.id = ${sessionId} and (c.session_id is not null or (s.detail_version = ${sql.placeholder("keptVersion")}::int and e.epoch = ${sql.placeholder("keptEpoch")}::int)))`;


// The read's audit row and the kept text in one statement: neither commits without the other.
// A text built from an older snapshot never replaces a newer one (versions and epochs only grow).
const keepWithAudit = preparedOnce((db) => {
  const audit = auditWith(db, sql`true`);
  return db
    .with(audit)
    .insert(sessionDetailCache)
    .values({ sessionId: typedPlaceholder("sessionId", "int"), version: typedPlaceholder("version", "int"), epoch: typedPlaceholder("epoch", "int"), body: typedPlaceholder("body", "text") })
    .onConflictDoUpdate({
      target: sessionDetailCache.sessionId,
      set: { version: sql`excluded.version`, epoch: sql`excluded.epoch`, body: sql`excluded.body` },
      setWhere: sql`(${sessionDetailCache.version}, ${sessionDetailCache.epoch}) <= (excluded.version, excluded.epoch)`,
    })
    .prepare("session_detail_keep");
});

/** The database's text, now also kept in this process. */
export const fromDatabaseCache = (db: Database, sessionId: number, at: DetailVersion, text: string): Buffer => {
  const bytes = Buffer.from(text, "utf8");
  keepInProcess(db, sessionId, { ...at, bytes });
  return bytes;
};

/**
 * The challenges of a session no cache held at `at` (the version the read saw), built now, with
 * the read's audit row: kept with it in one statement (and then in this process) when long
 * enough, else the row written by the statement that built it. The text is built after `at` was read, so it is never
 * older than the version it is kept under (a write in between makes it newer, and it then never matches).
 */
export const buildChallenges = async (
  db: Database,
  sessionId: number,
  at: DetailVersion,
  audit: AuditEvent,
): Promise<Buffer> => {
  const { json: body, audited } = await challengesJson(db, sessionId, audit, CACHED_CHALLENGES_MIN_LENGTH);
  if (audited) return Buffer.from(body, "utf8");
  await keepWithAudit(db).execute({ sessionId, version: at.version, epoch: at.epoch, body, ...auditValues(audit) });
  return fromDatabaseCache(db, sessionId, at, body);
};
