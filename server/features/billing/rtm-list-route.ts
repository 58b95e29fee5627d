import type { FastifyInstance } from "fastify";
import { rtmListEndpoint } from "../../../domain/billing/rtm-list-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { sliceOf } from "../../http/patient-scope.ts";
import { BAD_CURSOR, rtmListPage } from "./rtm-list-queries.ts";
import { badCursor } from "../../http/bad-cursor.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * The /rtm list (issue 24): one page of the caller's patients (an SLP's caseload, an
 * administrator's institution) with each one's billing status for the month, read with rtm list;
 * the super administrator, who sees no patient data, 403. One audit row per call, written by the
 * route's opening as a list of patient data.
 */
export const registerRtmListRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    rtmListEndpoint,
    {
      access: { resource: "rtm", action: "list" },
      doc: {
        summary: "One page of the caller's patients with their month's remote-monitoring billing: current period's data days, minutes, last call, codes so far, status and what is missing; by name or status, filtered by SLP and status (statuses_pending: how many statuses are still being worked out)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"] },
      },
      audit: { action: "list", resource: "rtm" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { query }, scope, audit, refuse }) => {
      const ask = { month: query.month, page: query.page, pageSize: query.page_size, slp: query.slp, ordering: query.ordering, status: query.status, cursor: query.cursor };
      const body = await rtmListPage(db, scope, ask, clock.now());
      if (body === BAD_CURSOR) return refuse(badCursor(), "failure", "invalid_query");
      await audit("success", null);
      return body;
    },
  );
};
