import type { FastifyInstance } from "fastify";
import { timeEntryHistoryEndpoint } from "../../../domain/billing/time-log-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { entryHistory } from "./time-entry-queries.ts";
import { timeEntryScope } from "./time-log-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * A time entry's correction history (issue 24, "every entry and change is audited"; docs/billing.md
 * "Time log"): its corrections and removal, newest first, with who, when, why and each changed field
 * before → after. Read with the `rtm` retrieve permission by whoever reads the time log; one audit
 * row per call, a read naming the entry.
 */
export const registerTimeEntryHistoryRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db } = deps;
  routeEndpoint(
    app,
    deps,
    timeEntryHistoryEndpoint,
    {
      access: { resource: "rtm", action: "retrieve" },
      doc: {
        summary: "A time entry's corrections and removal, newest first: when, by whom, the reason and each changed field before and after",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "read", resource: "rtm_time_entry_revisions" },
      scope: (principal, { params }) => timeEntryScope(db, principal, params.id, { includeRemoved: true }),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await entryHistory(db, scope.entryId);
      await audit("success", null, String(scope.entryId));
      return reply.send(body);
    },
  );
};
