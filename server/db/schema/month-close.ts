import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { institutions } from "./institutions.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { staff, users } from "./users.ts";

/** "YYYY-MM" with a real month number: the database refuses what isIsoMonth refuses. */
const isoMonthCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`);

/**
 * A month an institution closed for billing (issue 24, docs/billing.md "Month-end"): from then on
 * no time entry or call that falls in it may be written, changed or removed. One row per
 * institution and month; a second lock answers this one.
 */
export const rtmMonthLocks = pgTable(
  "rtm_month_locks",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    month: text("month").notNull(),
    lockedAt: instant("locked_at").notNull().defaultNow(),
    lockedByUserId: integer("locked_by_user_id")
      .notNull()
      .references(() => users.id),
    /**
     * What the month was judged with at the lock (issue 31): the institution's version, supply kind and
     * time zone, the day it was judged on, and the rules' edition; null for a month locked before 0026,
     * which kept no judged copy.
     */
    inputs: jsonb("inputs").$type<{ readonly [key: string]: unknown }>(),
    /** The institution's totals as judged at the lock (null before 0026). */
    totals: jsonb("totals").$type<{ readonly [key: string]: unknown }>(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.month] }), isoMonthCheck("rtm_month_locks_month_check", t.month)],
);

/**
 * Set-up and patient education (98975) as billed: written when a month is locked, for every patient
 * whose claim lines that month hold 98975, with the episode (its first day of monitoring) it was
 * billed for. A later month of the same episode reads it and never claims set-up again.
 */
export const rtmSetupBilled = pgTable(
  "rtm_setup_billed",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    month: text("month").notNull(),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    /** The first day of the episode's monitoring the set-up was billed for. */
    episodeStart: date("episode_start", { mode: "string" }).notNull(),
    billedAt: instant("billed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.month] }), isoMonthCheck("rtm_setup_billed_month_check", t.month)],
);

/**
 * A locked month's judged lines (issue 31, item 2): at the lock every patient of the institution is
 * judged once and their CSV line, status and claim codes kept here, in the claim file's order. The
 * month-end page and the CSV of a locked month serve these rows, so a later change (a flag, the supply
 * kind, the time zone) never rewrites what was locked: it shows as a difference to review.
 */
export const rtmMonthLockLines = pgTable(
  "rtm_month_lock_lines",
  {
    institutionId: integer("institution_id").notNull(),
    month: text("month").notNull(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    /** The line's place in the file (last name, then first name, at the lock). */
    position: integer("position").notNull(),
    /** The patient's assigned SLP at the lock: an SLP's copy of the locked month is the caseload it was locked with. */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    /** The CSV line as written at the lock (decoded by domain/billing/locked-month.ts' LockedLine on read). */
    line: jsonb("line").$type<{ readonly [key: string]: unknown }>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.institutionId, t.month, t.patientId] }),
    foreignKey({ columns: [t.institutionId, t.month], foreignColumns: [rtmMonthLocks.institutionId, rtmMonthLocks.month], name: "rtm_month_lock_lines_lock_fk" }).onDelete("cascade"),
    index("rtm_month_lock_lines_order_idx").on(t.institutionId, t.month, t.position),
    index("rtm_month_lock_lines_caseload_idx").on(t.staffId, t.month, t.position),
  ],
);
