import { randomInt } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { Database } from "../db/database.ts";
import { oneTimeCodes } from "../db/schema/credentials.ts";
import { AUTH_POLICY } from "./auth-policy.ts";
import { type AuthKeys, codeHmac, randomToken, sameDigest } from "./auth-keys.ts";

type CodeChannel = Extract<MfaMethod, "email" | "sms">;

/**
 * What a session's code is for: "mfa" is a sign-in code; "mfa_enrolment" is a code sent from
 * account settings (adding a method, or confirming a change of second factors). The purpose is
 * part of the HMAC and of every lookup, so a sign-in code never passes as a settings code, and
 * each kind has its own cooldown.
 */
export type SessionCodePurpose = "mfa" | "mfa_enrolment";

const signInContext = (sessionId: string, channel: CodeChannel, purpose: SessionCodePurpose = "mfa"): string =>
  `${purpose}|${sessionId}|${channel}`;
const RESET_CONTEXT = "password_reset";

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * A new sign-in code for one sign-in and method. Earlier unused codes of the same sign-in and
 * method stop working: only the newest code counts. Returns the code to send; only its HMAC is kept.
 */
export const issueSignInCode = async (
  db: Database,
  keys: AuthKeys,
  issue: {
    readonly userId: number;
    readonly sessionId: string;
    readonly channel: CodeChannel;
    readonly now: Date;
    readonly purpose?: SessionCodePurpose;
  },
): Promise<string> => {
  const code = newCode();
  const purpose = issue.purpose ?? "mfa";
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.sessionId, issue.sessionId),
          eq(oneTimeCodes.channel, issue.channel),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      userId: issue.userId,
      sessionId: issue.sessionId,
      purpose,
      channel: issue.channel,
      codeHash: codeHmac(keys, signInContext(issue.sessionId, issue.channel, purpose), code),
      expiresAt: new Date(issue.now.getTime() + AUTH_POLICY.codeLifetimeMs),
      createdAt: issue.now,
    });
  });
  return code;
};

/** Seconds until another code may be sent for this sign-in and method, or 0. */
export const resendWaitSeconds = async (
  db: Database,
  sessionId: string,
  channel: CodeChannel,
  now: Date,
  purpose: SessionCodePurpose = "mfa",
): Promise<number> => {
  const [newest] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.sessionId, sessionId), eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (newest === undefined) return 0;
  const waitMs = newest.createdAt.getTime() + AUTH_POLICY.codeResendCooldownMs - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
};

export type CodeCheck = "ok" | "wrong_code" | "expired_code" | "no_code";

/**
 * Checks a typed code against the newest unused code of this sign-in and method, and uses it up
 * when right (an UPDATE that only one request can win, so a code works exactly once).
 */
export const checkSignInCode = async (
  db: Database,
  keys: AuthKeys,
  check: {
    readonly sessionId: string;
    readonly channel: CodeChannel;
    readonly code: string;
    readonly now: Date;
    readonly purpose?: SessionCodePurpose;
  },
): Promise<CodeCheck> => {
  const purpose = check.purpose ?? "mfa";
  const [newest] = await db
    .select({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.sessionId, check.sessionId),
        eq(oneTimeCodes.channel, check.channel),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  if (newest === undefined) return "no_code";
  const right = sameDigest(newest.codeHash, codeHmac(keys, signInContext(check.sessionId, check.channel, purpose), check.code));
  if (!right) {
    await db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(eq(oneTimeCodes.id, newest.id));
    return "wrong_code";
  }
  if (newest.expiresAt <= check.now) return "expired_code";
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: check.now })
    .where(and(eq(oneTimeCodes.id, newest.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1 ? "ok" : "no_code";
};

/** A password-reset link token for one account; earlier unused links of that account stop working. */
export const issueResetToken = async (db: Database, keys: AuthKeys, userId: number, now: Date): Promise<string> => {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, "password_reset"), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({
      userId,
      purpose: "password_reset",
      channel: "email",
      codeHash: codeHmac(keys, RESET_CONTEXT, token),
      expiresAt: new Date(now.getTime() + AUTH_POLICY.resetTokenLifetimeMs),
      createdAt: now,
    });
  });
  return token;
};

export type ResetTokenLookup =
  | { readonly ok: true; readonly id: number; readonly userId: number }
  | { readonly ok: false; readonly reason: "unknown_token" | "expired_token" | "used_token"; readonly userId: number | null };

/** Finds a reset token by its HMAC (the lookup key), without using it up. */
export const findResetToken = async (db: Database, keys: AuthKeys, token: string, now: Date): Promise<ResetTokenLookup> => {
  const [row] = await db
    .select({ id: oneTimeCodes.id, userId: oneTimeCodes.userId, expiresAt: oneTimeCodes.expiresAt, consumedAt: oneTimeCodes.consumedAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, codeHmac(keys, RESET_CONTEXT, token)), eq(oneTimeCodes.purpose, "password_reset")))
    .limit(1);
  if (row === undefined) return { ok: false, reason: "unknown_token", userId: null };
  if (row.consumedAt !== null) return { ok: false, reason: "used_token", userId: row.userId };
  if (row.expiresAt <= now) return { ok: false, reason: "expired_token", userId: row.userId };
  return { ok: true, id: row.id, userId: row.userId };
};

/** Uses a reset token up; false when another request already did. */
export const consumeResetToken = async (db: Database, id: number, now: Date): Promise<boolean> => {
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
};
