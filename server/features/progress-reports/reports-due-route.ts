import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DUE_SOON_DAYS, reportDue, reportsDueEndpoint } from "../../../domain/progress-reports/index.ts";
import { addDays } from "../../../domain/billing/index.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { progressReports } from "../../db/schema/progress-reports.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { sliceCondition, sliceOf } from "../../http/patient-scope.ts";
import { reportSettings, treatmentDays } from "./report-inputs.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/** At most this many patients listed: the dashboard shows the most pressing first. */
export const MAX_DUE_LISTED = 200;

/**
 * The SLP dashboard's reports due (issue 37, docs/progress-reports.md): the caller's caseload
 * patients (an administrator's: the institution's) whose next report is due within 3 days or
 * overdue, most overdue first. The database keeps only the candidates (calendar rule: the due day
 * within 3 days; treatment rule: at least N - 3 treatment days since the count began); the domain's
 * rule then decides each one exactly.
 */
export const registerReportsDueRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;
  routeEndpoint(
    app,
    deps,
    reportsDueEndpoint,
    {
      access: { resource: "goals", action: "list" },
      doc: { summary: "The caller's caseload patients whose progress report is due within 3 days or overdue, under the institution's rule", scope: "assigned-patients", errors: { 403: ["ERROR_001"] } },
      audit: { action: "read", resource: "progress_reports_due" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ scope, audit }, _request, reply) => {
      const [institution] = await db.select({ timeZone: institutions.timeZone }).from(institutions).where(eq(institutions.id, scope.institutionId)).limit(1);
      const timeZone = institution?.timeZone ?? "UTC";
      const today = calendarDayIn(clock.now(), timeZone);
      const { rule } = await reportSettings(db, scope.institutionId);
      const lastEnd = sql`(select max(${progressReports.periodEnd}) from ${progressReports} where ${progressReports.patientId} = ${patients.id} and ${progressReports.state} = 'signed')`;
      const countFrom = sql<string>`to_char(coalesce(${lastEnd} + 1, (${patients.createdAt} at time zone ${timeZone})::date), 'YYYY-MM-DD')`;
      const candidate: SQL =
        rule.kind === "calendar_days"
          ? sql`coalesce(${lastEnd} + 1, (${patients.createdAt} at time zone ${timeZone})::date) + ${rule.every - 1}::int <= ${addDays(today, DUE_SOON_DAYS)}::date`
          : sql`(select count(distinct (${rtmTimeEntries.startedAt} at time zone ${timeZone})::date) from ${rtmTimeEntries} where ${rtmTimeEntries.patientId} = ${patients.id} and ${rtmTimeEntries.deletedAt} is null
                 and (${rtmTimeEntries.startedAt} at time zone ${timeZone})::date >= coalesce(${lastEnd} + 1, (${patients.createdAt} at time zone ${timeZone})::date)) >= ${Math.max(0, rule.every - DUE_SOON_DAYS)}::int`;
      const body = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName, countFrom })
          .from(patients)
          .where(and(sliceCondition(scope), candidate))
          .orderBy(asc(countFrom), asc(patients.id))
          .limit(MAX_DUE_LISTED);
        const listed = [];
        for (const row of rows) {
          const days = rule.kind === "treatment_days" ? await treatmentDays(tx, row.id, timeZone) : [];
          const due = reportDue(rule, row.countFrom, days, today);
          if (due.state !== "not_due") listed.push({ patient: PatientId.make(row.id), first_name: row.firstName, last_name: row.lastName, due });
        }
        await audit("success", null, null, tx);
        return { today, patients: listed };
      });
      return reply.send(body);
    },
  );
};
