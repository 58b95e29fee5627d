import { type SQL, and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { progressReports } from "../../db/schema/progress-reports.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import { type OnePatient, sliceCondition, sliceOf } from "../../http/patient-scope.ts";
import type { Principal } from "../../http/principal.ts";
import { reportNotFound } from "./report-reads.ts";

/** The patient's slice with the report the route names. */
export type ReportScope = OnePatient & { readonly reportId: number };

/**
 * progress-reports/{id}/: the caseload rule of the report's patient (server/http/patient-scope.ts);
 * outside it, 404 ERROR_030 like an unknown report, so ids cannot be probed.
 */
export const reportScope = async (db: Database, principal: Principal, reportId: number): Promise<ScopeDecision<ReportScope>> => {
  const resourceId = String(reportId);
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return { ...slice, resourceId };
  const [row] = await db
    .select({ patientId: patients.id })
    .from(progressReports)
    .innerJoin(patients, and(eq(patients.id, progressReports.patientId), eq(patients.institutionId, progressReports.institutionId), sliceCondition(slice.scope)) as SQL)
    .where(eq(progressReports.id, reportId))
    .limit(1);
  if (row === undefined) return { ok: false, failure: reportNotFound(), reason: "outside_scope", resourceId };
  return { ok: true, scope: { ...slice.scope, patientId: row.patientId, reportId }, resourceId };
};
