import { and, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { authSessions } from "../db/schema/auth-sessions.ts";
import { oneTimeCodes } from "../db/schema/credentials.ts";
import { signInGuards } from "../db/schema/sign-in-guards.ts";

const DAY = 24 * 60 * 60_000;
/** Ended sessions and quiet failure counters are kept this long (the audit trail keeps the story for good). */
export const AUTH_STATE_RETENTION_MS = 30 * DAY;

/**
 * Forgets sign-in state nobody can use any more, at start (like expired rate-limit windows):
 * sessions ended or expired over 30 days ago (their refresh tokens and codes go with them),
 * codes and reset links expired over a day ago, and failure counters untouched for 30 days that
 * hold no lock until reset (so the consecutive-failure ceiling is never forgotten).
 */
export const pruneAuthState = async (db: Database, now: Date): Promise<void> => {
  const retention = new Date(now.getTime() - AUTH_STATE_RETENTION_MS);
  await db.delete(authSessions).where(or(lt(authSessions.revokedAt, retention), lt(authSessions.expiresAt, retention)));
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(now.getTime() - DAY)));
  await db.delete(signInGuards).where(and(lt(signInGuards.updatedAt, retention), isNull(signInGuards.hardLockedAt)));
};
