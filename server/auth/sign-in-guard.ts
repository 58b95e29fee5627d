import { eq } from "drizzle-orm";
import { normaliseEmail } from "../../domain/shared/validators/email.ts";
import type { Database } from "../db/database.ts";
import { signInGuards } from "../db/schema/sign-in-guards.ts";
import { AUTH_POLICY } from "./auth-policy.ts";
import { sha256Hex } from "./auth-keys.ts";

/** The failure counters of one account, as stored. */
export type GuardState = {
  readonly passwordFailures: number;
  readonly passwordWindowEndsAt: Date | null;
  readonly codeFailures: number;
  readonly codeWindowEndsAt: Date | null;
  readonly lockedUntil: Date | null;
  readonly consecutiveFailures: number;
  readonly hardLockedAt: Date | null;
};

export const EMPTY_GUARD: GuardState = {
  passwordFailures: 0,
  passwordWindowEndsAt: null,
  codeFailures: 0,
  codeWindowEndsAt: null,
  lockedUntil: null,
  consecutiveFailures: 0,
  hardLockedAt: null,
};

export type FailureKind = "password" | "code";
/** Why a lock started, as the audit trail names it. */
export type LockReason = "password_failures" | "code_failures" | "consecutive_failures";

export type LockStatus =
  | { readonly locked: false }
  | { readonly locked: true; readonly reason: "locked"; readonly retryAfterSeconds: number }
  | { readonly locked: true; readonly reason: "hard_locked" };

/** The counters are kept per e-mail address (hashed), so unknown addresses are limited like real ones. */
export const guardKey = (email: string): string => {
  // Every way of writing the address (a trailing dot, an upper-case domain) counts against one lock.
  const normal = normaliseEmail(email);
  return sha256Hex(`sign-in:${(normal.ok ? normal.value : email.trim()).toLowerCase()}`);
};

/** Whether sign-in is refused now: a lock that has not ended, or the consecutive-failure ceiling. */
export const lockStatus = (state: GuardState, now: Date): LockStatus => {
  if (state.hardLockedAt !== null) return { locked: true, reason: "hard_locked" };
  if (state.lockedUntil !== null && state.lockedUntil > now) {
    return { locked: true, reason: "locked", retryAfterSeconds: Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000)) };
  }
  return { locked: false };
};

const plus = (now: Date, ms: number): Date => new Date(now.getTime() + ms);

/**
 * One more failure of a kind: counted in a fixed window that starts at the first failure; the
 * window's limit starts a lock of AUTH_POLICY.lockDurationMs (and empties the window, so the
 * count starts again after the lock); the consecutive ceiling locks until a password reset.
 */
export const afterFailure = (state: GuardState, kind: FailureKind, now: Date): { readonly state: GuardState; readonly lockStarted: LockReason | undefined } => {
  const consecutiveFailures = state.consecutiveFailures + 1;
  if (consecutiveFailures >= AUTH_POLICY.maxConsecutiveFailures) {
    return { state: { ...state, consecutiveFailures, hardLockedAt: state.hardLockedAt ?? now }, lockStarted: state.hardLockedAt === null ? "consecutive_failures" : undefined };
  }
  const password = kind === "password";
  const windowEndsAt = password ? state.passwordWindowEndsAt : state.codeWindowEndsAt;
  const open = windowEndsAt !== null && windowEndsAt > now;
  const failures = (open ? (password ? state.passwordFailures : state.codeFailures) : 0) + 1;
  const windowEnd = open && windowEndsAt !== null ? windowEndsAt : plus(now, password ? AUTH_POLICY.passwordFailureWindowMs : AUTH_POLICY.codeFailureWindowMs);
  const limit = password ? AUTH_POLICY.maxPasswordFailures : AUTH_POLICY.maxCodeFailures;
  const locks = failures >= limit;
  const counted = locks ? { failures: 0, windowEnd: null } : { failures, windowEnd };
  const next: GuardState = password
    ? { ...state, consecutiveFailures, passwordFailures: counted.failures, passwordWindowEndsAt: counted.windowEnd }
    : { ...state, consecutiveFailures, codeFailures: counted.failures, codeWindowEndsAt: counted.windowEnd };
  if (!locks) return { state: next, lockStarted: undefined };
  return { state: { ...next, lockedUntil: plus(now, AUTH_POLICY.lockDurationMs) }, lockStarted: password ? "password_failures" : "code_failures" };
};

const stateColumns = {
  passwordFailures: signInGuards.passwordFailures,
  passwordWindowEndsAt: signInGuards.passwordWindowEndsAt,
  codeFailures: signInGuards.codeFailures,
  codeWindowEndsAt: signInGuards.codeWindowEndsAt,
  lockedUntil: signInGuards.lockedUntil,
  consecutiveFailures: signInGuards.consecutiveFailures,
  hardLockedAt: signInGuards.hardLockedAt,
};

export const readGuard = async (db: Database, key: string): Promise<GuardState> => {
  const [row] = await db.select(stateColumns).from(signInGuards).where(eq(signInGuards.key, key)).limit(1);
  return row ?? EMPTY_GUARD;
};

/**
 * Counts a failure under a row lock (SELECT ... FOR UPDATE), so concurrent wrong guesses from
 * any number of API processes are each counted once.
 */
export const recordFailure = (
  db: Database,
  key: string,
  kind: FailureKind,
  now: Date,
): Promise<{ readonly lockStarted: LockReason | undefined; readonly status: LockStatus }> =>
  db.transaction(async (tx) => {
    await tx.insert(signInGuards).values({ key, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select(stateColumns).from(signInGuards).where(eq(signInGuards.key, key)).for("update");
    const { state, lockStarted } = afterFailure(row ?? EMPTY_GUARD, kind, now);
    await tx.update(signInGuards).set({ ...state, updatedAt: now }).where(eq(signInGuards.key, key));
    return { lockStarted, status: lockStatus(state, now) };
  });

/** A right password ends the password window (the account's code failures still count). */
export const clearPasswordFailures = async (db: Database, key: string, now: Date): Promise<void> => {
  await db
    .update(signInGuards)
    .set({ passwordFailures: 0, passwordWindowEndsAt: null, updatedAt: now })
    .where(eq(signInGuards.key, key));
};

/** A complete sign-in or a password reset by e-mail proves the person: every counter starts again. */
export const clearGuard = async (db: Database, key: string): Promise<void> => {
  await db.delete(signInGuards).where(eq(signInGuards.key, key));
};
