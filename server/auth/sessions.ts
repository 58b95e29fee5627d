import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { preparedOnce } from "../db/prepared.ts";
import { type AuthSessionStage, authSessions } from "../db/schema/auth-sessions.ts";
import { refreshTokens } from "../db/schema/credentials.ts";
import { roles } from "../db/schema/roles.ts";
import { administrators, staff, users } from "../db/schema/users.ts";
import { AUTH_POLICY } from "./auth-policy.ts";

/** Why a session ended, as stored on the row and named in the audit trail. */
export type SessionEndReason =
  | "sign_out"
  | "idle_timeout"
  | "absolute_timeout"
  | "refresh_reuse"
  | "too_many_codes"
  | "password_changed"
  | "password_reset"
  | "deactivated";

const plus = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

/** A new sign-in whose password was accepted: pre-authenticated until the second factor. */
export const createPreAuthSession = async (db: Database, userId: number, now: Date, ip: string | null): Promise<string> => {
  const id = randomUUID();
  await db.insert(authSessions).values({
    id,
    userId,
    stage: "pre_auth",
    createdAt: now,
    lastActivityAt: now,
    expiresAt: plus(now, AUTH_POLICY.preAuthLifetimeMs),
    ip,
  });
  return id;
};

/**
 * The second factor passed: the session becomes a full one, ending 12 hours after the password
 * was accepted. Only a live pre-authenticated session can be promoted (one request wins).
 */
// A constant of this module, never input: the absolute lifetime as an SQL interval.
const ABSOLUTE_LIFETIME = sql.raw(`interval '${Math.round(AUTH_POLICY.absoluteLifetimeMs / 1000)} seconds'`);

export const activateSession = async (db: Database, sessionId: string, now: Date): Promise<Date | undefined> => {
  const [row] = await db
    .update(authSessions)
    .set({
      stage: "active",
      authenticatedAt: now,
      lastActivityAt: now,
      expiresAt: sql`${authSessions.createdAt} + ${ABSOLUTE_LIFETIME}`,
    })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.stage, "pre_auth"), isNull(authSessions.revokedAt)))
    .returning({ expiresAt: authSessions.expiresAt });
  return row?.expiresAt;
};

/**
 * Ends one session and its whole refresh-token family. Returns whether this call ended it
 * (false when it had already ended), so the end is audited once.
 */
export const endSession = async (db: Database, sessionId: string, reason: SessionEndReason, now: Date): Promise<boolean> => {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  return ended.length === 1;
};

/**
 * Ends every session of a person (deactivation, password reset): their access tokens stop at
 * the next call and no refresh token of theirs works again. Returns how many were live.
 */
export const revokeAllSessions = async (
  db: Database,
  userId: number,
  options: { readonly reason: SessionEndReason; readonly now: Date; readonly exceptSessionId?: string },
): Promise<number> => {
  const except = options.exceptSessionId;
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: options.now, revokeReason: options.reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        except === undefined ? undefined : sql`${authSessions.id} <> ${except}`,
      ),
    )
    .returning({ id: authSessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        except === undefined ? undefined : sql`${refreshTokens.familyId} <> ${except}`,
      ),
    );
  return ended.length;
};

/**
 * A session with what the access check needs about its person, in one query: who they are,
 * whether they may still act, and their staff row (the patient scope's SLP), so no route looks
 * the caller up again.
 */
export type SessionWithAccount = {
  readonly id: string;
  readonly userId: number;
  readonly stage: AuthSessionStage;
  readonly createdAt: Date;
  readonly lastActivityAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly failedCodeAttempts: number;
  readonly roleCode: string;
  readonly institutionId: number | null;
  readonly archivedAt: Date | null;
  readonly administratorStatus: string | null;
  readonly staffStatus: string | null;
  /** Their staff row when it belongs to their own institution (the patient scope's SLP row). */
  readonly staffId: number | null;
};

// Every request runs it: prepared once (server/db/prepared.ts), so PostgreSQL plans the five-table join once per connection.
const sessionLookup = preparedOnce((db) =>
  db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      stage: authSessions.stage,
      createdAt: authSessions.createdAt,
      lastActivityAt: authSessions.lastActivityAt,
      expiresAt: authSessions.expiresAt,
      revokedAt: authSessions.revokedAt,
      failedCodeAttempts: authSessions.failedCodeAttempts,
      roleCode: roles.code,
      institutionId: users.institutionId,
      archivedAt: users.archivedAt,
      administratorStatus: administrators.status,
      staffStatus: staff.status,
      // The scope's own lookup was `staff.user_id = user and staff.institution_id = institution`.
      staffId: sql<number | null>`case when ${staff.institutionId} = ${users.institutionId} then ${staff.id} end`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(administrators, eq(administrators.userId, users.id))
    .leftJoin(staff, eq(staff.userId, users.id))
    .where(eq(authSessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare("auth_session_lookup"),
);

export const loadSession = async (db: Database, sessionId: string): Promise<SessionWithAccount | undefined> => {
  const [row] = await sessionLookup(db).execute({ sessionId });
  return row;
};

/** Why a live-looking session must end now, if it must: past its hard end, or idle too long. */
export const sessionTimeout = (session: Pick<SessionWithAccount, "stage" | "expiresAt" | "lastActivityAt">, now: Date): SessionEndReason | undefined => {
  if (session.expiresAt <= now) return "absolute_timeout";
  if (session.stage === "active" && now.getTime() - session.lastActivityAt.getTime() >= AUTH_POLICY.idleTimeoutMs) return "idle_timeout";
  return undefined;
};

// `now` as ISO text: drizzle's update types take no placeholder for a column's value.
const NOW = sql`${sql.placeholder("now")}::timestamptz`;
const sessionTouch = preparedOnce((db) =>
  db
    .update(authSessions)
    .set({ lastActivityAt: NOW })
    .where(and(eq(authSessions.id, sql.placeholder("sessionId")), sql`${authSessions.lastActivityAt} < ${NOW}`))
    .prepare("auth_session_touch"),
);

/** Records activity, at most once per AUTH_POLICY.activityWriteIntervalMs, so busy sessions cost one write a minute. */
export const touchSession = async (db: Database, session: Pick<SessionWithAccount, "id" | "lastActivityAt">, now: Date): Promise<void> => {
  if (now.getTime() - session.lastActivityAt.getTime() < AUTH_POLICY.activityWriteIntervalMs) return;
  await sessionTouch(db).execute({ sessionId: session.id, now: now.toISOString() });
};

/** One more wrong code in this sign-in; returns the new count. */
export const countCodeFailure = async (db: Database, sessionId: string): Promise<number> => {
  const [row] = await db
    .update(authSessions)
    .set({ failedCodeAttempts: sql`${authSessions.failedCodeAttempts} + 1` })
    .where(eq(authSessions.id, sessionId))
    .returning({ count: authSessions.failedCodeAttempts });
  return row?.count ?? AUTH_POLICY.maxCodeFailuresPerSession;
};
