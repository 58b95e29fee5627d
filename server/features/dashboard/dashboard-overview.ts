import type { FastifyInstance } from "fastify";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { type DashboardOverviewQuery, type DashboardOverviewResponse, OVERVIEW_PERIOD_DAYS, overviewPeriodStart } from "../../../domain/dashboard/dashboard-overview-wire.ts";
import { dashboardOverviewEndpoint } from "../../../domain/dashboard/dashboard-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { failures } from "../../http/failures.ts";
import type { Principal } from "../../http/principal.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import { inactivePatients, institutionFigures, sumFigures } from "./dashboard-overview-queries.ts";

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
          ? inactivePatients(db, scope.institutionId, periodStart)
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
