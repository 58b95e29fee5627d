import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { timeEntryHistoryEndpoint } from "../../../domain/billing/time-log-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { sliceCondition, sliceOf } from "../patients/index.ts";
import { entryHistory } from "./time-entry-queries.ts";
import { type TimeEntryScope, timeEntryNotFound } from "./time-log-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * The scope of rtm/time-entries/{id}/history/: as the entry's other routes (time-log-scope.ts), the
 * entry's patient must be in the caller's slice, and anything else reads as an unknown id (404); a
 * removed entry's history stays readable, since its removal is the last thing the history tells.
 */
const historyScope = async (db: Database, principal: Principal, entryId: number): Promise<ScopeDecision<TimeEntryScope>> => {
  const resourceId = String(entryId);
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return { ...slice, resourceId };
  const [found] = await db
    .select({ patientId: rtmTimeEntries.patientId })
    .from(rtmTimeEntries)
    .innerJoin(patients, and(eq(patients.id, rtmTimeEntries.patientId), sliceCondition(slice.scope)))
    .where(eq(rtmTimeEntries.id, entryId))
    .limit(1);
  if (found === undefined) return { ok: false, failure: timeEntryNotFound(), reason: "outside_scope", resourceId };
  return { ok: true, scope: { ...slice.scope, patientId: found.patientId, entryId }, resourceId };
};

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
      scope: (principal, { params }) => historyScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await entryHistory(db, scope.entryId);
      await audit("success", null, String(scope.entryId));
      return reply.send(body);
    },
  );
};
