import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { MfaMethod } from "../../domain/wire/mfa-method.ts";
import type { Database } from "../db/database.ts";
import { mfaEnrolments } from "../db/schema/credentials.ts";

export type Enrolment = {
  readonly id: number;
  readonly method: MfaMethod;
  readonly totpSecret: string | null;
  readonly phone: string | null;
  readonly confirmedAt: Date | null;
  readonly lastUsedStep: number | null;
};

const columns = {
  id: mfaEnrolments.id,
  method: mfaEnrolments.method,
  totpSecret: mfaEnrolments.totpSecret,
  phone: mfaEnrolments.phone,
  confirmedAt: mfaEnrolments.confirmedAt,
  lastUsedStep: mfaEnrolments.lastUsedStep,
};

/** A person's enrolment of one method, confirmed or in progress. */
export const findEnrolment = async (db: Database, userId: number, method: MfaMethod): Promise<Enrolment | undefined> => {
  const [row] = await db
    .select(columns)
    .from(mfaEnrolments)
    .where(and(eq(mfaEnrolments.userId, userId), eq(mfaEnrolments.method, method)))
    .limit(1);
  return row;
};

/**
 * Starts (or restarts) setting up a method: a new authenticator secret or SMS phone replaces
 * one that was never confirmed. A confirmed enrolment is never touched here.
 */
export const startEnrolment = async (
  db: Database,
  enrolment: { readonly userId: number; readonly method: MfaMethod; readonly totpSecret?: string; readonly phone?: string; readonly now: Date },
): Promise<void> => {
  const values = { totpSecret: enrolment.totpSecret ?? null, phone: enrolment.phone ?? null, lastUsedStep: null, createdAt: enrolment.now };
  await db
    .insert(mfaEnrolments)
    .values({ userId: enrolment.userId, method: enrolment.method, ...values })
    .onConflictDoUpdate({
      target: [mfaEnrolments.userId, mfaEnrolments.method],
      set: values,
      setWhere: isNull(mfaEnrolments.confirmedAt),
    });
};

export const confirmEnrolment = async (db: Database, id: number, now: Date): Promise<void> => {
  await db.update(mfaEnrolments).set({ confirmedAt: now }).where(and(eq(mfaEnrolments.id, id), isNull(mfaEnrolments.confirmedAt)));
};

/**
 * Marks an authenticator step as used. Only a step later than the last used one is accepted, in
 * one conditional UPDATE, so the same code (or an older one) never works twice, even when two
 * requests race.
 */
export const claimTotpStep = async (db: Database, id: number, step: number): Promise<boolean> => {
  const claimed = await db
    .update(mfaEnrolments)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaEnrolments.id, id), or(isNull(mfaEnrolments.lastUsedStep), lt(mfaEnrolments.lastUsedStep, step))))
    .returning({ id: mfaEnrolments.id });
  return claimed.length === 1;
};
