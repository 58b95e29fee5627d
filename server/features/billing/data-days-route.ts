import type { FastifyInstance } from "fastify";
import { patientDataDaysEndpoint } from "../../../domain/billing/data-days-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { patientDataDaysAt } from "./data-days-queries.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * A patient's data days (issue 24, the billing panel of the patient record): read with the `rtm`
 * permission, for a patient of the caller's slice (another SLP's or institution's reads as an
 * unknown id, 404; the super administrator, who sees no patient data, 403), one audit row per call
 * written by the route's opening as a read of the patient's data.
 */
export const registerDataDaysRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    patientDataDaysEndpoint,
    {
      access: { resource: "rtm", action: "retrieve" },
      doc: {
        summary: "A patient's remote-monitoring data days (days with a session, in the institution's time zone) of the current and previous 30-day period, with the start of monitoring and today's date there",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "read", resource: "patient_data_days" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await patientDataDaysAt(db, scope.institutionId, scope.patientId, clock.now());
      await audit("success", null, String(scope.patientId));
      return reply.send(body);
    },
  );
};
