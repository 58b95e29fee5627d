import { type SQL, and, asc, count, desc, eq, isNull, sql, sum } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { displayNames, initials } from "../../../domain/shared/format/names.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { patientsDashboardEndpoint } from "../../../domain/dashboard/dashboard-endpoints.ts";
import type { PatientDashboardResponse } from "../../../domain/patients/index.ts";
import { type AuditEvent, auditValues, auditWith } from "../../audit/record-audit.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { patientActivity } from "../../db/schema/patient-activity.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { type PatientSlice, sliceOf } from "../../http/patient-scope.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// Each query is built once per database and shape (server/db/prepared.ts): an SLP's caseload or a
// whole institution, with or without a search; what varies is a placeholder.
const INSTITUTION = sql.placeholder("institutionId");
const STAFF = sql.placeholder("staffId");
const PATTERN = sql.placeholder("pattern");

const searchCondition = sql`(${patients.firstName} ilike ${PATTERN} escape '\\' or ${patients.lastName} ilike ${PATTERN} escape '\\' or ${patients.email} ilike ${PATTERN} escape '\\')`;

/** The slice's live patients (sliceCondition's shape, with placeholders), and the search when asked. */
const whereOf = (caseload: boolean, searched: boolean): SQL =>
  and(
    eq(patients.institutionId, INSTITUTION),
    isNull(patients.archivedAt),
    caseload ? eq(patients.assignedStaffId, STAFF) : undefined,
    searched ? searchCondition : undefined,
  ) as SQL;

// The dashboard's order, exactly as patient_activity_dashboard_idx and its caseload twin hold it
// (migrations 0012 and 0039), so a page is an index range: patients with sessions to review first,
// then the latest change to the record or session, newest first. greatest() skips a null
// last_session_at, and updated_at is never null.
const hasPending = sql`(${patientActivity.pendingSessions} > 0)`;
const lastUpdated = sql`greatest(${patientActivity.updatedAt}, ${patientActivity.lastSessionAt})`;

// The read's audit row is written by the page's own statement (record-audit.ts, auditWith):
// one round trip fewer, and the row commits with the statement that answers, or neither does.
const pageQuery = (db: Database, caseload: boolean, searched: boolean) =>
  db
    .with(auditWith(db, sql`true`))
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
    .where(
      and(
        // The page walks patient_activity's dashboard index, so its slice is named on its copies too.
        eq(patientActivity.institutionId, INSTITUTION),
        isNull(patientActivity.archivedAt),
        caseload ? eq(patientActivity.assignedStaffId, STAFF) : undefined,
        whereOf(caseload, searched),
      ),
    )
    .orderBy(desc(hasPending), desc(lastUpdated), asc(patientActivity.patientId))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));

const preparedPage = (name: string, caseload: boolean, searched: boolean) =>
  preparedOnce((db) => pageQuery(db, caseload, searched).prepare(`dashboard_page_${name}`));
const pages = {
  institution: preparedPage("institution", false, false),
  caseload: preparedPage("caseload", true, false),
  institutionSearched: preparedPage("institution_searched", false, true),
  caseloadSearched: preparedPage("caseload_searched", true, true),
};
const pageOf = (scope: PatientSlice, searched: boolean) =>
  scope.staffId === null ? (searched ? pages.institutionSearched : pages.institution) : searched ? pages.caseloadSearched : pages.caseload;

/**
 * The scope's live patients without counting them: patient_counts (kept by triggers, migration
 * 0003) holds them per SLP (staff_key) and per institution (-1).
 */
const countInScope = preparedOnce((db) =>
  db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, INSTITUTION), eq(patientCounts.staffKey, sql.placeholder("staffKey"))))
    .prepare("dashboard_count"),
);

/** A search counts its matches. */
const searchedCounts = {
  institution: preparedOnce((db) => db.select({ total: count() }).from(patients).where(whereOf(false, true)).prepare("dashboard_search_count_institution")),
  caseload: preparedOnce((db) => db.select({ total: count() }).from(patients).where(whereOf(true, true)).prepare("dashboard_search_count_caseload")),
};

/**
 * One page of dashboard rows from the counters kept on write (patient_activity.pending_sessions and
 * last_session_at, docs/database.md "Counters kept on write"): one index range for the page, and the
 * count from patient_counts (a search counts its matches).
 */
const dashboardPage = async (
  db: Database,
  scope: PatientSlice,
  search: string | undefined,
  page: number,
  pageSize: number,
  read: AuditEvent,
): Promise<PatientDashboardResponse> => {
  const text = (search ?? "").trim();
  const searched = text !== "";
  const values = { institutionId: scope.institutionId, staffId: scope.staffId, pattern: searched ? `%${escapeLike(text)}%` : null };
  const [rows, totalRows] = await Promise.all([
    pageOf(scope, searched)(db).execute({ ...values, ...auditValues(read), limit: pageSize, offset: (page - 1) * pageSize }),
    searched
      ? searchedCounts[scope.staffId === null ? "institution" : "caseload"](db)
          .execute(values)
          .then(([row]) => row?.total ?? 0)
      : countInScope(db)
          .execute({ institutionId: scope.institutionId, staffKey: scope.staffId ?? -1 })
          .then(([row]) => row?.total ?? 0),
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
 * institution's; the super administrator nothing (403). Every call leaves one audit row, a page
 * answered by the page's own statement.
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
    async ({ input: { query }, scope, auditEvent }) => {
      const read = auditEvent("success", null);
      if (read === undefined) throw new Error("the dashboard declares an audit target");
      return dashboardPage(db, scope, query.search, query.page, query.page_size, read);
    },
  );
};
