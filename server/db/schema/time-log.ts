import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { MAX_CALL_MINUTES, MAX_ENTRY_MINUTES, TIME_ACTIVITIES } from "../../../domain/billing/time-log-wire.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { patients } from "./patients.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * Treatment-management time of a patient (issue 24, docs/billing.md "Time log"): one row per entry
 * an SLP or administrator logged. A correction keeps its last reason, author and time on the row,
 * and every correction and removal its values before and after in rtm_time_entry_revisions
 * (time-entry-revisions.ts); a removed entry stays (deleted_at, deleted_reason) for the audit and
 * is left out of every read. Entries may overlap: billing counts their union.
 * institution_id is the patient's, kept so a month's export reads one institution's rows directly.
 */
export const rtmTimeEntries = pgTable(
  "rtm_time_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    clinicianUserId: integer("clinician_user_id")
      .notNull()
      .references(() => users.id),
    activity: text("activity").notNull(),
    startedAt: instant("started_at").notNull(),
    minutes: integer("minutes").notNull(),
    note: text("note").notNull().default(""),
    version: recordVersion(),
    createdAt: createdAt(),
    correctedReason: text("corrected_reason"),
    correctedBy: integer("corrected_by").references(() => users.id),
    correctedAt: instant("corrected_at"),
    deletedAt: instant("deleted_at"),
    deletedReason: text("deleted_reason"),
  },
  (t) => [
    oneOf("rtm_time_entries_activity_check", t.activity, Object.values(TIME_ACTIVITIES)),
    check("rtm_time_entries_minutes_check", sql`${t.minutes} between 1 and ${sql.raw(String(MAX_ENTRY_MINUTES))}`),
    index("rtm_time_entries_patient_idx").on(t.patientId, t.startedAt).where(sql`${t.deletedAt} is null`),
  ],
);

/** A live call with the patient (or their carer): the day, its length and who took part. */
export const rtmCalls = pgTable(
  "rtm_calls",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    takenByUserId: integer("taken_by_user_id")
      .notNull()
      .references(() => users.id),
    callDate: date("call_date", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    participants: text("participants").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("rtm_calls_minutes_check", sql`${t.minutes} between 1 and ${sql.raw(String(MAX_CALL_MINUTES))}`),
    index("rtm_calls_patient_idx").on(t.patientId, t.callDate),
  ],
);
