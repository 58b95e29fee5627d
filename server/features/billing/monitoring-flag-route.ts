import type { FastifyInstance } from "fastify";
import { monitoringFlagEndpoint } from "../../../domain/billing/monitoring-flag-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientRtmSettings } from "../../db/schema/rtm-settings.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * Sets or clears a patient's remote physiological monitoring flag (issue 24: RTM and RPM are not
 * billed in the same month). Written by those who log the patient's time (rtm update), for a
 * patient of their slice (another SLP's or institution's reads as unknown, 404; the super
 * administrator 403). The write and its audit row share one transaction; setting the value it
 * already has is answered the same and still audited.
 */
export const registerMonitoringFlagRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    monitoringFlagEndpoint,
    {
      access: { resource: "rtm", action: "update" },
      doc: {
        summary: "Sets whether a patient is on remote physiological monitoring: while set, every month judged for the patient is blocked (RTM is not billed in the same month as RPM)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "update", resource: "patient_rtm_settings" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit }, _request, reply) => {
      const value = body.physiological_monitoring;
      await db.transaction(async (tx) => {
        const set = { physiologicalMonitoring: value, updatedBy: principal.userId, updatedAt: clock.now() };
        await tx
          .insert(patientRtmSettings)
          .values({ patientId: scope.patientId, ...set })
          .onConflictDoUpdate({ target: patientRtmSettings.patientId, set });
        await audit("success", null, String(scope.patientId), tx);
      });
      return reply.send({ physiological_monitoring: value });
    },
  );
};
