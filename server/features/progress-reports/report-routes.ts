import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ProgressReportId, draftReport, patientReportsEndpoint, reportDraftEndpoint, reportFieldsEndpoint, reportPeriod, reportReadEndpoint } from "../../../domain/progress-reports/index.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { progressReports } from "../../db/schema/progress-reports.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { reportInputs } from "./report-inputs.ts";
import { lastReportEnd, patientReportDue, readReport, reportNotFound } from "./report-reads.ts";
import { reportScope } from "./report-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/** The patient's row as the report reads it, with the institution's zone. */
const patientOf = async (db: Database, patientId: number) => {
  const [row] = await db
    .select({ id: patients.id, institutionId: patients.institutionId, createdAt: patients.createdAt, timeZone: institutions.timeZone })
    .from(patients)
    .innerJoin(institutions, eq(institutions.id, patients.institutionId))
    .where(eq(patients.id, patientId))
    .limit(1);
  return row;
};

/**
 * A patient's progress reports (issue 37, docs/progress-reports.md): the list with the next due
 * date, a new draft for a period, one report, and the SLP's fields of a draft (412 when stale; a
 * signed report is locked: 400 ERROR_050). Who may: the patient's caseload rule with the `goals`
 * permission, as the goals and ratings; every read, write and refusal is audited.
 */
export const registerReportRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    patientReportsEndpoint,
    {
      access: { resource: "goals", action: "list" },
      doc: { summary: "The patient's progress reports, newest period first, and when the next one falls due under the institution's rule", scope: "assigned-patients", errors: ERRORS },
      audit: { action: "read", resource: "progress_reports" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await db.transaction(async (tx) => {
        const patient = await patientOf(tx, scope.patientId);
        const timeZone = patient?.timeZone ?? "UTC";
        const rows = await tx.select().from(progressReports).where(eq(progressReports.patientId, scope.patientId)).orderBy(desc(progressReports.periodEnd), desc(progressReports.id));
        const due = patient === undefined ? { state: "not_due" as const, due_on: null, treatment_days_left: null } : await patientReportDue(tx, patient, timeZone, clock.now());
        await audit("success", null, String(scope.patientId), tx);
        return {
          today: calendarDayIn(clock.now(), timeZone),
          due,
          reports: rows.map((row) => ({ id: ProgressReportId.make(row.id), period: { start: row.periodStart, end: row.periodEnd }, state: row.state, signed_at: row.signedAt?.toISOString() ?? null, version: row.version })),
        };
      });
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    reportDraftEndpoint,
    {
      access: { resource: "goals", action: "create" },
      doc: {
        summary: "Drafts a progress report for a period (default: the day after the last report's end to today, a first one the last 30 days): each goal's baseline, current value and verdict, adherence, ratings; blank assessment, plan and changes to goals",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_034", "ERROR_056"], ...ERRORS },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "progress_report" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const patient = await patientOf(db, scope.patientId);
      if (patient === undefined) return refuse(apiFailure(404, "ERROR_030", "patient vanished", { placeholders: { field_name: "patient" } }), "denied", "outside_scope");
      const today = calendarDayIn(clock.now(), patient.timeZone);
      const period = reportPeriod(body ?? {}, await lastReportEnd(db, scope.patientId, false), today);
      if (!period.ok) return refuse(fromDomainFailure(400, period, "invalid_period"), "failure", "invalid_period", String(scope.patientId));
      const drafted = draftReport(await reportInputs(db, scope.patientId, patient.timeZone, period.value));
      const id = await db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .insert(progressReports)
          .values({ patientId: scope.patientId, institutionId: scope.institutionId, periodStart: period.value.start, periodEnd: period.value.end, drafted, createdByUserId: principal.userId, createdAt: now, updatedAt: now })
          .returning({ id: progressReports.id });
        if (row === undefined) throw new Error("progress report insert returned no row");
        await audit("success", null, String(row.id), tx);
        return row.id;
      });
      const report = await readReport(db, id);
      if (report === undefined) return replyWithFailure(reply, reportNotFound());
      return sendVersionTag(reply, report.version).code(201).send(report);
    },
  );

  routeEndpoint(
    app,
    deps,
    reportReadEndpoint,
    {
      access: { resource: "goals", action: "list" },
      doc: { summary: "One progress report: the draft or the signed, locked content with its SHA-256, and its addenda", scope: "assigned-patients", errors: ERRORS, etag: true },
      audit: { action: "read", resource: "progress_report" },
      scope: (principal, { params }) => reportScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const report = await db.transaction(async (tx) => {
        const found = await readReport(tx, scope.reportId);
        await audit("success", null, String(scope.reportId), tx);
        return found;
      });
      if (report === undefined) return replyWithFailure(reply, reportNotFound());
      return sendVersionTag(reply, report.version).send(report);
    },
  );

  routeEndpoint(
    app,
    deps,
    reportFieldsEndpoint,
    {
      access: { resource: "goals", action: "update" },
      doc: {
        summary: "Saves the SLP's fields of a draft (assessment, plan, changes to goals, credentials, NPI); a signed report is locked (ERROR_050, corrections are addenda); If-Match or `version` refuses a stale edit (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_050", "ERROR_056"], ...ERRORS, ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "progress_report" },
      scope: (principal, { params }) => reportScope(db, principal, params.id),
    },
    async ({ input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.reportId);
      const { version: bodyVersion, goal_changes: goalChanges, ...texts } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx.select({ state: progressReports.state }).from(progressReports).where(eq(progressReports.id, scope.reportId)).for("update");
        if (stored === undefined) return { failure: reportNotFound(), outcome: "denied" as const, reason: "outside_scope" };
        if (stored.state === "signed") return { failure: apiFailure(400, "ERROR_050", "a signed report is locked", { placeholders: { status: "signed" } }), outcome: "failure" as const, reason: "report_signed" };
        const written = await tx
          .update(progressReports)
          .set({ ...texts, ...(goalChanges === undefined ? {} : { goalChanges }), updatedAt: clock.now(), version: nextVersion(progressReports.version) })
          .where(and(eq(progressReports.id, scope.reportId), whileAtVersion(progressReports.version, expected)))
          .returning({ id: progressReports.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const report = await readReport(db, scope.reportId);
      if (report === undefined) return replyWithFailure(reply, reportNotFound());
      return sendVersionTag(reply, report.version).send(report);
    },
  );
};
