import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DEFAULT_PATIENT_STATUS, PATIENT_STATUS, type PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { BIRTH_GENDERS, type BirthGender } from "../../../domain/patients/patients-wire.ts";
import { contactColumns } from "./contact-columns.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, instant, updatedAt } from "./timestamps.ts";
import { staff } from "./users.ts";

/**
 * People who play the exercises at home. They never sign in to this portal (the exercise app
 * is theirs), so they are not users; their SLP reviews what they play.
 */
export const patients = pgTable(
  "patients",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** A calendar date (yyyy-MM-dd) with no time zone: birthdays do not move between zones. */
    birthdate: date("birthdate", { mode: "string" }).notNull(),
    /** Assigned birth gender, one of the choices the patient form offers. */
    gender: text("gender").$type<BirthGender>().notNull(),
    status: text("status").$type<PatientStatus>().notNull().default(DEFAULT_PATIENT_STATUS),
    /** Review status: false is "pending", true "reviewed". */
    reviewed: boolean("reviewed").notNull().default(false),
    assignedStaffId: integer("assigned_staff_id").references(() => staff.id),
    ...contactColumns(),
    // pending_sessions and last_session_at, the counters each arriving session moves, live in
    // patient_activity since migration 0039 (one row per patient), so an arrival leaves this row alone.
    /**
     * The folded text a search looks in (migration 0039): patient_search_text of the names and
     * e-mail, computed once per write, so a search reads it instead of folding three columns per row.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`patient_search_text(first_name, last_name, email)`),
    /** DELETE archives: sessions and the audit trail still name the patient. */
    archivedAt: instant("archived_at"),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("patients_email_lower_key").on(sql`lower(${t.email})`).where(sql`${t.archivedAt} is null`),
    index("patients_institution_idx").on(t.institutionId, t.createdAt),
    index("patients_assigned_staff_idx").on(t.assignedStaffId),
    // The patients list (docs/patients-api.md, "Indexes"): live rows of one institution or one
    // SLP's caseload, in each order the list offers, with the id as the last key so a page is a
    // plain index range; the search index holds trigrams of the folded names and e-mail.
    // The keys after the id change no order (the id is unique): they hold what a page's id query
    // reads (the first name its order folds, the status and review filters), so a deep page walks
    // the index alone, without a heap fetch per skipped row (migration 0039; INCLUDE would do the
    // same, but drizzle-kit cannot declare it).
    index("patients_list_created_idx").on(t.institutionId, t.createdAt, t.id, t.status, t.reviewed).where(sql`${t.archivedAt} is null`),
    index("patients_list_name_idx")
      .on(t.institutionId, sql`patient_fold(${t.firstName}) collate "C"`, t.id, t.firstName, t.status, t.reviewed)
      .where(sql`${t.archivedAt} is null`),
    index("patients_caseload_created_idx").on(t.assignedStaffId, t.createdAt, t.id, t.status, t.reviewed).where(sql`${t.archivedAt} is null`),
    index("patients_caseload_name_idx")
      .on(t.assignedStaffId, sql`patient_fold(${t.firstName}) collate "C"`, t.id, t.firstName, t.status, t.reviewed)
      .where(sql`${t.archivedAt} is null`),
    index("patients_search_idx").using("gin", sql`patient_trigrams(${t.searchText})`).where(sql`${t.archivedAt} is null`),
    // Searches of one or two letters match name prefixes (docs/patients-api.md, "Short searches"):
    // first names through patients_list_name_idx, last names through this one, both as byte ranges.
    index("patients_list_last_name_idx").on(t.institutionId, sql`patient_fold(${t.lastName}) collate "C"`, t.id).where(sql`${t.archivedAt} is null`),
    oneOf("patients_status_check", t.status, Object.values(PATIENT_STATUS)),
    oneOf("patients_gender_check", t.gender, BIRTH_GENDERS),
    check("patients_birthdate_check", sql`${t.birthdate} >= '1900-01-01'`),
  ],
);

/**
 * How many live (not archived) patients each institution has per assigned SLP, status and review
 * state, kept exact by statement-level triggers on patients (migration 0003). The patients list
 * reads its count here whenever it filters by nothing but scope, status and review state, instead
 * of counting up to 100,000 rows on every call. `staff_key` is the assigned staff id (0 for none);
 * -1 rows count the whole institution, so an administrator's count sums at most six rows.
 */
export const patientCounts = pgTable(
  "patient_counts",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    staffKey: integer("staff_key").notNull(),
    status: text("status").$type<PatientStatus>().notNull(),
    reviewed: boolean("reviewed").notNull(),
    total: integer("total").notNull(),
    /**
     * The sum of those patients' pending_sessions (migration 0017): how many sessions of an SLP's
     * caseload or an institution wait for review, read by the review queue from at most six rows.
     */
    pendingSessions: integer("pending_sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.staffKey, t.status, t.reviewed] })],
);

/**
 * Active live patients per institution and UTC day of their latest session (`-infinity`: never
 * played), kept exact by a statement trigger on patients (migration 0015). The overview's
 * "patients without activity" sums the days before the week's start and counts only that one
 * day's patients from patient_activity_quiet_idx, instead of counting every quiet patient on each call.
 */
export const patientLastSessionDays = pgTable(
  "patient_last_session_days",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    day: date("day", { mode: "string" }).notNull(),
    patients: integer("patients").notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.day] })],
);

