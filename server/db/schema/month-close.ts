import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { institutions } from "./institutions.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

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
