import { and, asc, desc, eq } from "drizzle-orm";
import { type ProgressReportWire, ProgressReportId, ReportAddendumId, type ReportDueWire, reportDue } from "../../../domain/progress-reports/index.ts";
import { addDays } from "../../../domain/billing/index.ts";
import { calendarDayIn, type CalendarDay } from "../../../domain/shared/calendar/zone.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { progressReportAddenda, progressReports } from "../../db/schema/progress-reports.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { reportSettings, treatmentDays } from "./report-inputs.ts";

export type ReportRow = typeof progressReports.$inferSelect;

/** A report outside the caller's slice does not exist for them: the same answer as an unknown id. */
export const reportNotFound = (): ApiFailure => apiFailure(404, "ERROR_030", "progress report not found in the caller's slice", { placeholders: { field_name: "progress report" } });

/** One report with its patient's name and its addenda, oldest first, as the wire carries it. */
export const readReport = async (db: Database, reportId: number): Promise<ProgressReportWire | undefined> => {
  const [found] = await db
    .select({ report: progressReports, firstName: patients.firstName, lastName: patients.lastName })
    .from(progressReports)
    .innerJoin(patients, eq(patients.id, progressReports.patientId))
    .where(eq(progressReports.id, reportId))
    .limit(1);
  if (found === undefined) return undefined;
  const { report } = found;
  const addenda = await db.select().from(progressReportAddenda).where(eq(progressReportAddenda.reportId, reportId)).orderBy(asc(progressReportAddenda.id));
  const { npiRequired } = await reportSettings(db, report.institutionId);
  const signed = report.state === "signed" && report.signerName !== null && report.signerCredentials !== null && report.signedAt !== null;
  return {
    id: ProgressReportId.make(report.id),
    patient: PatientId.make(report.patientId),
    patient_name: { first_name: found.firstName, last_name: found.lastName },
    state: report.state,
    drafted: report.drafted,
    fields: { assessment: report.assessment, plan: report.plan, goal_changes: report.goalChanges, credentials: report.credentials, npi: report.npi },
    npi_required: npiRequired,
    signer: signed ? { name: report.signerName ?? "", credentials: report.signerCredentials ?? "", npi: report.signerNpi } : null,
    signed_at: report.signedAt?.toISOString() ?? null,
    content_sha256: report.contentSha256,
    addenda: addenda.map((row) => ({
      id: ReportAddendumId.make(row.id),
      text: row.text,
      signer: { name: row.signerName, credentials: row.signerCredentials, npi: row.signerNpi },
      signed_at: row.signedAt.toISOString(),
      content_sha256: row.contentSha256,
    })),
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
    version: report.version,
  };
};

/** The end of the patient's latest report, signed or not: a new draft starts the day after it. */
export const lastReportEnd = async (db: Database, patientId: number, signedOnly: boolean): Promise<CalendarDay | null> => {
  const [row] = await db
    .select({ end: progressReports.periodEnd })
    .from(progressReports)
    .where(signedOnly ? and(eq(progressReports.patientId, patientId), eq(progressReports.state, "signed")) : eq(progressReports.patientId, patientId))
    .orderBy(desc(progressReports.periodEnd))
    .limit(1);
  return row?.end ?? null;
};

/**
 * When the patient's next report falls due: counted from the day after the last signed report's
 * end, or for a first report from the patient's first day in the portal (docs/progress-reports.md).
 */
export const patientReportDue = async (db: Database, patient: { readonly id: number; readonly institutionId: number; readonly createdAt: Date }, timeZone: string, now: Date): Promise<ReportDueWire> => {
  const { rule } = await reportSettings(db, patient.institutionId);
  const last = await lastReportEnd(db, patient.id, true);
  const countFrom = last === null ? calendarDayIn(patient.createdAt, timeZone) : addDays(last, 1);
  const days = rule.kind === "treatment_days" ? await treatmentDays(db, patient.id, timeZone) : [];
  return reportDue(rule, countFrom, days, calendarDayIn(now, timeZone));
};
