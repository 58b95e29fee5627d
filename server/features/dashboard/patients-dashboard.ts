import { type SQL, and, asc, count, desc, eq, isNull, sql, sum } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { displayNames, initials } from "../../../domain/shared/format/names.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { patientsDashboardEndpoint } from "../../../domain/dashboard/dashboard-endpoints.ts";
import type { PatientDashboardResponse } from "../../../domain/patients/index.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientActivity } from "../../db/schema/patient-activity.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { type PatientSlice, sliceCondition, sliceOf } from "../../http/patient-scope.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const searchCondition = (search: string | undefined): SQL | undefined => {
  const text = (search ?? "").trim();
  if (text === "") return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${patients.firstName} ilike ${pattern} escape '\\' or ${patients.lastName} ilike ${pattern} escape '\\' or ${patients.email} ilike ${pattern} escape '\\')`;
};

/**
 * The scope's live patients without counting them: patient_counts (kept by triggers, migration
 * 0003) holds them per SLP (staff_key) and per institution (-1).
 */
const countInScope = async (db: Database, scope: PatientSlice): Promise<number> => {
  const [row] = await db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, scope.institutionId), eq(patientCounts.staffKey, scope.staffId ?? -1)));
  return row?.total ?? 0;
};

// The dashboard's order, exactly as patient_activity_dashboard_idx and its caseload twin hold it
// (migrations 0012 and 0039), so a page is an index range: patients with sessions to review first,
// then the latest change to the record or session, newest first. greatest() skips a null
// last_session_at, and updated_at is never null.
const hasPending = sql`(${patientActivity.pendingSessions} > 0)`;
const lastUpdated = sql`greatest(${patientActivity.updatedAt}, ${patientActivity.lastSessionAt})`;

/**
 * One page of dashboard rows from the counters kept on write (patient_activity.pending_sessions and
 * last_session_at, docs/database.md "Counters kept on write"): one index range for the page, and the
 * count from patient_counts (a search counts its matches).
 */
const dashboardPage = async (
  db: Database,
  scope: PatientSlice,
  search: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<PatientDashboardResponse> => {
  const where = and(sliceCondition(scope), search) ?? sliceCondition(scope);
  // The page walks patient_activity's dashboard index, so its slice is named on its copies too.
  const activitySlice = and(
    eq(patientActivity.institutionId, scope.institutionId),
    isNull(patientActivity.archivedAt),
    scope.staffId === null ? undefined : eq(patientActivity.assignedStaffId, scope.staffId),
  );
  const [rows, totalRows] = await Promise.all([
    db
      .select({
        id: patients.id,
        firstName: patients.firstName,
        lastName: patients.lastName,
        email: patients.email,
        pending: patientActivity.pendingSessions,
        lastUpdated: sql<string | null>`to_char(${lastUpdated} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(patientActivity)
      .innerJoin(patients, eq(patients.id, patientActivity.patientId))
      .where(and(activitySlice, where))
      .orderBy(desc(hasPending), desc(lastUpdated), asc(patientActivity.patientId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    search === undefined ? countInScope(db, scope) : db.select({ total: count() }).from(patients).where(where).then(([row]) => row?.total ?? 0),
  ]);
  return {
    current_page: page,
    total_pages: Math.ceil(totalRows / pageSize),
    count: totalRows,
    results: rows.map((row) => {
      const names = displayNames(row.firstName, row.lastName);
      return {
        id: row.id as PatientId,
        initials: initials(row.firstName, row.lastName),
        email: row.email,
        first_name: names.firstName,
        last_name: names.lastName,
        last_updated: row.lastUpdated,
        games_to_review: row.pending,
        reviewed_status: row.pending > 0 ? "pending" : "reviewed",
      };
    }),
  };
};

/**
 * GET patients/dashboard: the signed-in user's dashboard rows (spec section 3 "Staff dashboard
 * row", section 7). An SLP sees the patients assigned to them; staff and institution admins their
 * institution's; the super administrator nothing (403). Every call leaves one audit row.
 */
export const registerPatientDashboardRoutes = (
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock },
): void => {
  const { db } = deps;
  routeEndpoint(
    app,
    deps,
    patientsDashboardEndpoint,
    {
      access: { resource: "dashboard", action: "dashboard" },
      doc: {
        summary: "One page of the caller's patients with games to review: an SLP's assigned patients, an administrator's institution's",
        scope: "assigned-patients",
        errors: { 403: ["ERROR_001"] },
      },
      audit: { action: "read", resource: "patient_dashboard" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { query }, scope, audit }) => {
      const body = await dashboardPage(db, scope, searchCondition(query.search), query.page, query.page_size);
      await audit("success", null);
      return body;
    },
  );
};
