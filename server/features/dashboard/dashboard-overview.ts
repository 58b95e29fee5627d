import { type SQL, and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { displayNames } from "../../../domain/shared/format/names.ts";
import type { InstitutionId, PatientId, StaffId } from "../../../domain/shared/ids.ts";
import { PATIENT_STATUS } from "../../../domain/shared/statuses/patient-status.ts";
import { STAFF_STATUS } from "../../../domain/shared/statuses/staff-status.ts";
import {
  type DashboardOverviewQuery,
  type DashboardOverviewResponse,
  INACTIVE_PATIENTS_LISTED,
  type InactivePatient,
  type InstitutionOverview,
  OVERVIEW_PERIOD_DAYS,
  type OverviewFigures,
  overviewPeriodStart,
} from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { dashboardOverviewEndpoint } from "../../../domain/dashboard/dashboard-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { staff, users } from "../../db/schema/users.ts";
import { apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { failures } from "../../http/failures.ts";
import type { Principal } from "../../http/principal.ts";
import type { ScopeDecision } from "../../http/open-route.ts";

/** SLPs have their own dashboard (patients/dashboard); the overview is for administrators. */
const slpHasOwnDashboard = () => apiFailure(403, "ERROR_001", "an SLP's dashboard is patients/dashboard");
const otherInstitution = () => apiFailure(403, "ERROR_001", "an institution's overview is for its own administrators");

/** Whose figures the caller gets: every institution (null) for the super administrator, else their own. */
type OverviewScope = { readonly institutionId: InstitutionId | null; readonly namesPatients: boolean };

/** The `own-institution` scope of this route (server/http/route-doc.ts). */
const scopeFor = (principal: Principal, query: DashboardOverviewQuery): ScopeDecision<OverviewScope> => {
  const asked = query.institution;
  const resourceId = asked === undefined ? null : String(asked);
  if (principal.role === "staff") return { ok: false, failure: slpHasOwnDashboard(), reason: "slp_dashboard", resourceId };
  if (principal.role === "super_admin") return { ok: true, scope: { institutionId: asked ?? null, namesPatients: false } };
  if (principal.institutionId === null) return { ok: false, failure: otherInstitution(), reason: "no_institution", resourceId };
  if (asked !== undefined && asked !== principal.institutionId) {
    return { ok: false, failure: otherInstitution(), reason: "other_institution", resourceId };
  }
  return { ok: true, scope: { institutionId: principal.institutionId, namesPatients: true } };
};

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Each patient's latest session that has started by now, through game_sessions_patient_start_idx
 * (one index probe per patient, however many sessions they played).
 */
const latestSession = (db: Database, now: Date) =>
  db
    .select({ lastStart: sql<Date | null>`max(${gameSessions.startTime})`.as("last_start") })
    .from(gameSessions)
    .where(and(eq(gameSessions.patientId, patients.id), lte(gameSessions.startTime, now)))
    .as("latest_session");

/**
 * The figures of every institution in scope, one row each, in three grouped aggregates (patients
 * with their latest session, SLPs, the week's sessions) joined to the institutions.
 */
const institutionFigures = async (
  db: Database,
  institutionId: InstitutionId | null,
  now: Date,
  periodStart: Date,
): Promise<InstitutionOverview[]> => {
  const latest = latestSession(db, now);
  const quiet = sql`(${latest.lastStart} is null or ${latest.lastStart} <= ${periodStart.toISOString()}::timestamptz)`;
  const activePatient = eq(patients.status, PATIENT_STATUS.active);
  const patientFigures = db
    .select({
      institutionId: patients.institutionId,
      active: countWhere(activePatient).as("patients_active"),
      pending: countWhere(eq(patients.status, PATIENT_STATUS.pending)).as("patients_pending"),
      inactive: countWhere(eq(patients.status, PATIENT_STATUS.inactive)).as("patients_inactive"),
      withoutActivity: countWhere(sql`${activePatient} and ${quiet}`).as("patients_without_activity"),
    })
    .from(patients)
    .leftJoinLateral(latest, sql`true`)
    .where(and(isNull(patients.archivedAt), institutionId === null ? undefined : eq(patients.institutionId, institutionId)))
    .groupBy(patients.institutionId)
    .as("patient_figures");
  // A deleted SLP keeps their staff row (their reviews still name them) but no longer counts.
  const slpFigures = db
    .select({
      institutionId: staff.institutionId,
      active: countWhere(eq(staff.status, STAFF_STATUS.active)).as("slps_active"),
      pending: countWhere(eq(staff.status, STAFF_STATUS.pending)).as("slps_pending"),
      inactive: countWhere(eq(staff.status, STAFF_STATUS.inactive)).as("slps_inactive"),
    })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(isNull(users.archivedAt), institutionId === null ? undefined : eq(staff.institutionId, institutionId)))
    .groupBy(staff.institutionId)
    .as("slp_figures");
  const sessionFigures = db
    .select({
      institutionId: patients.institutionId,
      played: sql<number>`count(*)`.mapWith(Number).as("sessions_played"),
      awaitingReview: countWhere(sql`not ${gameSessions.reviewed}`).as("sessions_awaiting_review"),
    })
    .from(gameSessions)
    .innerJoin(patients, eq(patients.id, gameSessions.patientId))
    .where(
      and(
        isNull(patients.archivedAt),
        gt(gameSessions.startTime, periodStart),
        lte(gameSessions.startTime, now),
        institutionId === null ? undefined : eq(patients.institutionId, institutionId),
      ),
    )
    .groupBy(patients.institutionId)
    .as("session_figures");
  const zero = (value: SQL.Aliased<number> | number) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);
  const rows = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      patientsActive: zero(patientFigures.active),
      patientsPending: zero(patientFigures.pending),
      patientsInactive: zero(patientFigures.inactive),
      withoutActivity: zero(patientFigures.withoutActivity),
      slpsActive: zero(slpFigures.active),
      slpsPending: zero(slpFigures.pending),
      slpsInactive: zero(slpFigures.inactive),
      played: zero(sessionFigures.played),
      awaitingReview: zero(sessionFigures.awaitingReview),
    })
    .from(institutions)
    .leftJoin(patientFigures, eq(patientFigures.institutionId, institutions.id))
    .leftJoin(slpFigures, eq(slpFigures.institutionId, institutions.id))
    .leftJoin(sessionFigures, eq(sessionFigures.institutionId, institutions.id))
    .where(institutionId === null ? undefined : eq(institutions.id, institutionId))
    .orderBy(asc(sql`lower(${institutions.name})`), asc(institutions.id));
  return rows.map((row) => ({
    id: row.id as InstitutionId,
    name: row.name,
    patients: { active: row.patientsActive, pending: row.patientsPending, inactive: row.patientsInactive },
    slps: { active: row.slpsActive, pending: row.slpsPending, inactive: row.slpsInactive },
    sessions_played: row.played,
    sessions_awaiting_review: row.awaitingReview,
    patients_without_activity: row.withoutActivity,
  }));
};

const ZERO_FIGURES: OverviewFigures = {
  patients: { active: 0, pending: 0, inactive: 0 },
  slps: { active: 0, pending: 0, inactive: 0 },
  sessions_played: 0,
  sessions_awaiting_review: 0,
  patients_without_activity: 0,
};

/** Sums institution rows (already aggregated in SQL, so at most one row per institution). */
const sumFigures = (rows: readonly OverviewFigures[]): OverviewFigures =>
  rows.reduce<OverviewFigures>(
    (sum, row) => ({
      patients: {
        active: sum.patients.active + row.patients.active,
        pending: sum.patients.pending + row.patients.pending,
        inactive: sum.patients.inactive + row.patients.inactive,
      },
      slps: {
        active: sum.slps.active + row.slps.active,
        pending: sum.slps.pending + row.slps.pending,
        inactive: sum.slps.inactive + row.slps.inactive,
      },
      sessions_played: sum.sessions_played + row.sessions_played,
      sessions_awaiting_review: sum.sessions_awaiting_review + row.sessions_awaiting_review,
      patients_without_activity: sum.patients_without_activity + row.patients_without_activity,
    }),
    ZERO_FIGURES,
  );

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The active patients longest without a session (never-played first), with their SLP. */
const inactivePatients = async (
  db: Database,
  institutionId: InstitutionId,
  now: Date,
  periodStart: Date,
): Promise<InactivePatient[]> => {
  const latest = latestSession(db, now);
  const rows = await db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      lastSessionAt: sql<string | null>`to_char(${latest.lastStart} at time zone 'UTC', ${sql.raw(ISO_UTC)})`,
      staffId: staff.id,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
    })
    .from(patients)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(users, eq(users.id, staff.userId))
    .where(
      and(
        eq(patients.institutionId, institutionId),
        isNull(patients.archivedAt),
        eq(patients.status, PATIENT_STATUS.active),
        sql`(${latest.lastStart} is null or ${latest.lastStart} <= ${periodStart.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(sql`${latest.lastStart} asc nulls first`, asc(patients.id))
    .limit(INACTIVE_PATIENTS_LISTED);
  return rows.map((row) => {
    const names = displayNames(row.firstName, row.lastName);
    const slpNames = row.staffId === null ? null : displayNames(row.staffFirstName, row.staffLastName);
    return {
      id: row.id as PatientId,
      first_name: names.firstName,
      last_name: names.lastName,
      last_session_at: row.lastSessionAt,
      assigned_slp:
        row.staffId === null || slpNames === null
          ? null
          : { id: row.staffId as StaffId, first_name: slpNames.firstName, last_name: slpNames.lastName },
    };
  });
};

/**
 * GET dashboard/overview: the week at a glance for administrators (docs/dashboard.md). Institution
 * and staff administrators get their own institution, with the patients longest without activity
 * by name; the super administrator gets every institution (or the one asked for), counts only;
 * an SLP is refused (403), their dashboard is patients/dashboard. Every call leaves one audit row.
 */
export const registerDashboardOverviewRoutes = (
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock },
): void => {
  const { db, clock } = deps;
  routeEndpoint(
    app,
    deps,
    dashboardOverviewEndpoint,
    {
      access: { resource: "dashboard", action: "dashboard" },
      doc: {
        summary: "The week's figures of the administrator's institution; the super administrator's of every institution, or of one",
        scope: "own-institution",
        errors: { 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "read", resource: "dashboard_overview" },
      scope: (principal, { query }) => scopeFor(principal, query),
    },
    async ({ scope, audit }, _request, reply) => {
      const now = clock.now();
      const periodStart = overviewPeriodStart(now);
      const [rows, named] = await Promise.all([
        institutionFigures(db, scope.institutionId, now, periodStart),
        scope.namesPatients && scope.institutionId !== null
          ? inactivePatients(db, scope.institutionId, now, periodStart)
          : Promise.resolve([]),
      ]);
      const resourceId = scope.institutionId === null ? null : String(scope.institutionId);
      if (scope.institutionId !== null && rows.length === 0) {
        await audit("failure", "unknown_institution", resourceId);
        return replyWithFailure(reply, failures.notFound("institution"));
      }
      await audit("success", null, resourceId);
      const body: DashboardOverviewResponse = {
        period_days: OVERVIEW_PERIOD_DAYS,
        generated_at: now.toISOString(),
        totals: sumFigures(rows),
        institutions: rows,
        inactive_patients: named,
      };
      return body;
    },
  );
};
