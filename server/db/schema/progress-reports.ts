import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { DUE_RULE_KINDS, type DueRuleKind, MAX_DUE_EVERY } from "../../../domain/progress-reports/report-due.ts";
import type { ReportDrafted } from "../../../domain/progress-reports/report-wire.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { patients } from "./patients.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, instant, updatedAt } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A patient's progress report (issue 37, docs/progress-reports.md): the portal's draft (jsonb),
 * the SLP's fields, and once signed the signer, the instant, the locked content as canonical text
 * and its SHA-256. A signed report's content never changes and no report is ever deleted
 * (trigger of migration 0037): later corrections are addenda. institution_id is the patient's.
 */
export const progressReports = pgTable(
  "progress_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    drafted: jsonb("drafted").$type<ReportDrafted>().notNull(),
    assessment: text("assessment").notNull().default(""),
    plan: text("plan").notNull().default(""),
    goalChanges: text("goal_changes").notNull().default(""),
    credentials: text("credentials").notNull().default(""),
    npi: text("npi").notNull().default(""),
    state: text("state").$type<"draft" | "signed">().notNull().default("draft"),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    signedByUserId: integer("signed_by_user_id").references(() => users.id),
    signerName: text("signer_name"),
    signerCredentials: text("signer_credentials"),
    signerNpi: text("signer_npi"),
    signedAt: instant("signed_at"),
    lockedContent: text("locked_content"),
    contentSha256: text("content_sha256"),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("progress_reports_state_check", t.state, ["draft", "signed"]),
    check("progress_reports_period_check", sql`${t.periodEnd} >= ${t.periodStart}`),
    check(
      "progress_reports_signed_check",
      sql`(${t.state} = 'signed') = (${t.signedAt} is not null and ${t.signedByUserId} is not null and ${t.signerName} is not null and ${t.signerCredentials} is not null and ${t.lockedContent} is not null and ${t.contentSha256} is not null)`,
    ),
    index("progress_reports_patient_idx").on(t.patientId, t.periodEnd),
  ],
);

/** A signed correction of a signed report: kept as written, never updated nor deleted (migration 0037's trigger). */
export const progressReportAddenda = pgTable(
  "progress_report_addenda",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer("report_id")
      .notNull()
      .references(() => progressReports.id),
    text: text("text").notNull(),
    signedByUserId: integer("signed_by_user_id")
      .notNull()
      .references(() => users.id),
    signerName: text("signer_name").notNull(),
    signerCredentials: text("signer_credentials").notNull(),
    signerNpi: text("signer_npi"),
    signedAt: instant("signed_at").notNull(),
    contentSha256: text("content_sha256").notNull(),
  },
  (t) => [index("progress_report_addenda_report_idx").on(t.reportId, t.id)],
);

/** An institution's rule for when reports fall due (absent: every 30 calendar days, no NPI asked). */
export const progressReportSettings = pgTable(
  "progress_report_settings",
  {
    institutionId: integer("institution_id")
      .primaryKey()
      .references(() => institutions.id, { onDelete: "cascade" }),
    dueKind: text("due_kind").$type<DueRuleKind>().notNull().default("calendar_days"),
    dueEvery: integer("due_every").notNull().default(30),
    npiRequired: boolean("npi_required").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf("progress_report_settings_kind_check", t.dueKind, DUE_RULE_KINDS),
    check("progress_report_settings_every_check", sql`${t.dueEvery} between 1 and ${sql.raw(String(MAX_DUE_EVERY))}`),
  ],
);
