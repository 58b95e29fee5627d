import { and, eq, inArray, sql } from "drizzle-orm";
import type { MonthLock } from "../../../domain/billing/month-close-wire.ts";
import type { UserId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmMonthLocks } from "../../db/schema/month-close.ts";
import { users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { monthOf } from "../../../domain/shared/calendar/months.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";

/**
 * A closed billing month (issue 24, docs/billing.md "Month-end"): once an institution locks a month,
 * no time entry or call that falls in it is written, changed or removed. The lock and the writes
 * meet on one advisory lock per institution (the lock takes it alone, each write shared), so a
 * write that checked "open" commits before the lock starts judging the month, or waits for it and
 * is refused.
 */

/** The advisory-lock class of month locks (the first key of pg_advisory_xact_lock(int, int); the second is the institution). */
const MONTH_LOCK_CLASS = 24_0021;

/** 409 ERROR_050: the month is locked; nothing in it changes any more. */
export const monthLocked = (month: string): ApiFailure =>
  apiFailure(409, "ERROR_050", `the billing month ${month} is locked`, { field: "month", placeholders: { status: "locked" } });

/** The month ("YYYY-MM") an instant falls in on the institution's calendar (the one data days and time entries use). */
export const monthOfInstant = (instant: Date, timeZone: string): string => monthOf(calendarDayIn(instant, timeZone));

/** The institution's time zone (UTC for an unknown institution, which has no rows anyway). */
export const institutionZone = async (db: Database, institutionId: number): Promise<string> => {
  const [row] = await db.select({ timeZone: institutions.timeZone }).from(institutions).where(eq(institutions.id, institutionId)).limit(1);
  return row?.timeZone ?? "UTC";
};

/**
 * Refuses a write that touches a locked month: `months` are the months the write reaches (an
 * entry's month before and after a move, a call's day's month). Run inside the write's
 * transaction: it holds the institution's month lock shared until the write commits.
 */
export const assertMonthOpen = async (tx: Database, institutionId: number, months: readonly string[]): Promise<ApiFailure | undefined> => {
  if (months.length === 0) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${MONTH_LOCK_CLASS}::int, ${institutionId}::int)`);
  const [locked] = await tx
    .select({ month: rtmMonthLocks.month })
    .from(rtmMonthLocks)
    .where(and(eq(rtmMonthLocks.institutionId, institutionId), inArray(rtmMonthLocks.month, [...new Set(months)])))
    .orderBy(rtmMonthLocks.month)
    .limit(1);
  return locked === undefined ? undefined : monthLocked(locked.month);
};

/** Takes the institution's month lock alone until the transaction ends (the month's lock is being written). */
export const holdMonthLocks = async (tx: Database, institutionId: number): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${MONTH_LOCK_CLASS}::int, ${institutionId}::int)`);
};

/** The month's lock for the institution, with who locked it, or null while it is open. */
export const monthLockOf = async (db: Database, institutionId: number, month: string): Promise<MonthLock | null> => {
  const [row] = await db
    .select({ lockedAt: rtmMonthLocks.lockedAt, userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(rtmMonthLocks)
    .innerJoin(users, eq(users.id, rtmMonthLocks.lockedByUserId))
    .where(and(eq(rtmMonthLocks.institutionId, institutionId), eq(rtmMonthLocks.month, month)))
    .limit(1);
  return row === undefined ? null : { locked_at: row.lockedAt.toISOString(), locked_by: { id: row.userId as UserId, first_name: row.firstName, last_name: row.lastName } };
};
