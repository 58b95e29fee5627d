import { type SQL, and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { displayNames, initials } from "../../../domain/shared/format/names.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { patientsDashboardEndpoint } from "../../../domain/dashboard/dashboard-endpoints.ts";
import type { PatientDashboardResponse } from "../../../domain/patients/index.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { staff } from "../../db/schema/users.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { Principal } from "../../http/principal.ts";
import type { ScopeDecision } from "../../http/open-route.ts";

/** The platform administrator stands above institutions and sees no patient data. */
const noPatientData = () => apiFailure(403, "ERROR_001", "the platform administrator sees no patient data");

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The `assigned-patients` scope of this route (server/http/route-doc.ts): their institution's
 * patients (not archived); an SLP only those assigned to their own staff row. The super
 * administrator, or a staff user without a staff row, sees none (403).
 */
const scopeFor = async (db: Database, principal: Principal): Promise<ScopeDecision<SQL>> => {
  const none: ScopeDecision<SQL> = { ok: false, failure: noPatientData(), reason: "no_patient_scope" };
  if (principal.role === "super_admin" || principal.institutionId === null) return none;
  const inInstitution = and(eq(patients.institutionId, principal.institutionId), isNull(patients.archivedAt));
  if (inInstitution === undefined) return none;
  if (principal.role !== "staff") return { ok: true, scope: inInstitution };
  const [own] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.userId, principal.userId), eq(staff.institutionId, principal.institutionId)))
    .limit(1);
  const assigned = own === undefined ? undefined : and(inInstitution, eq(patients.assignedStaffId, own.id));
  return assigned === undefined ? none : { ok: true, scope: assigned };
};

const searchCondition = (search: string | undefined): SQL | undefined => {
  const text = (search ?? "").trim();
  if (text === "") return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${patients.firstName} ilike ${pattern} escape '\\' or ${patients.lastName} ilike ${pattern} escape '\\' or ${patients.email} ilike ${pattern} escape '\\')`;
};

/**
 * One page of dashboard rows: one query for the page (sessions aggregated per patient in a
 * lateral subquery on game_sessions_patient_start_idx) and one count.
 */
const dashboardPage = async (
  db: Database,
  where: SQL,
  page: number,
  pageSize: number,
): Promise<PatientDashboardResponse> => {
  const stats = db
    .select({
      pending: sql<number>`count(*) filter (where not ${gameSessions.reviewed})`.mapWith(Number).as("pending"),
      lastStart: sql`max(${gameSessions.startTime})`.as("last_start"),
    })
    .from(gameSessions)
    .where(eq(gameSessions.patientId, patients.id))
    .as("stats");
  const lastUpdated = sql`greatest(${patients.updatedAt}, ${stats.lastStart})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: patients.id,
        firstName: patients.firstName,
        lastName: patients.lastName,
        email: patients.email,
        pending: sql<number>`coalesce(${stats.pending}, 0)`.mapWith(Number),
        lastUpdated: sql<string | null>`to_char(${lastUpdated} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(patients)
      .leftJoinLateral(stats, sql`true`)
      .where(where)
      .orderBy(desc(sql`coalesce(${stats.pending}, 0) > 0`), sql`${lastUpdated} desc nulls last`, asc(patients.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(patients).where(where),
  ]);
  const totalRows = total?.total ?? 0;
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
      scope: (principal) => scopeFor(db, principal),
    },
    async ({ input: { query }, scope, audit }) => {
      const where = and(scope, searchCondition(query.search)) ?? scope;
      const body = await dashboardPage(db, where, query.page, query.page_size);
      await audit("success", null);
      return body;
    },
  );
};
