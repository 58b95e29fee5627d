import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { activatePatientEndpoint, deletePatientEndpoint, inactivatePatientEndpoint } from "../../../domain/patients/patients-endpoints.ts";
import { statusTransition } from "../../../domain/shared/statuses/patient-status.ts";
import { DELETED, type StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import type { VersionOnlyBody } from "../../../domain/shared/wire/record-version.ts";
import { patients } from "../../db/schema/patients.ts";
import { fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { OpenedRoute } from "../../http/open-route.ts";
import { type OnePatient, onePatientScope, patientNotFound } from "../../http/patient-scope.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { NOT_FOUND, PATIENT_ERRORS_403, type PatientRouteDeps, lockedPatient, replyWithPatient } from "./patient-change.ts";

/** Delete (archive), activate and inactivate a patient of the caller's slice (docs/patients-api.md), each audited in its transaction. */
export const registerPatientStatusRoutes = (app: FastifyInstance, deps: PatientRouteDeps): void => {
  const { db, clock } = deps;

  /**
   * A status action (activate, inactivate, delete) where patient-status.ts allows it from the
   * current status, else ERROR_050. Its body is none or just the version the action started from.
   */
  const changeStatus =
    (action: StatusAction) =>
    async (
      { input: { body }, scope, audit, refuse }: OpenedRoute<{ readonly body: VersionOnlyBody }, OnePatient>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      const resourceId = String(scope.patientId);
      const version = versionOfRequest(request, body?.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const before = await lockedPatient(tx, scope);
        if (before === undefined) return { failure: patientNotFound(), reason: "outside_scope" };
        const next = statusTransition(before.status, action);
        if (!next.ok) return { failure: fromDomainFailure(400, next, `cannot ${action} a ${before.status} patient`), reason: "status_not_allowed" };
        const now = clock.now();
        const change = next.value === DELETED ? { archivedAt: now, updatedAt: now } : { status: next.value, updatedAt: now };
        const written = await tx
          .update(patients)
          .set({ ...change, version: nextVersion(patients.version) })
          .where(and(eq(patients.id, scope.patientId), isNull(patients.archivedAt), whileAtVersion(patients.version, expected)))
          .returning({ id: patients.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      if (action === "delete") return reply.code(204).send();
      return replyWithPatient(db, reply, scope.patientId);
    };

  const statusErrors = { 400: ["ERROR_050"], 403: PATIENT_ERRORS_403, ...NOT_FOUND, ...STALE_VERSION_ERRORS } as const;
  const onePatientScopeOf = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => onePatientScope(db, principal, params.id);
  routeEndpoint(
    app,
    deps,
    deletePatientEndpoint,
    {
      access: { resource: "patient", action: "delete" },
      doc: { summary: "Delete (archive) a pending or inactive patient; sessions and the audit trail keep them", scope: "assigned-patients", errors: statusErrors, status: 204 },
      audit: { action: "delete", resource: "patient" },
      scope: onePatientScopeOf,
    },
    changeStatus("delete"),
  );
  routeEndpoint(
    app,
    deps,
    activatePatientEndpoint,
    {
      access: { resource: "patient", action: "activate" },
      doc: { summary: "Activate a pending or inactive patient", scope: "assigned-patients", errors: statusErrors, etag: true },
      audit: { action: "activate", resource: "patient" },
      scope: onePatientScopeOf,
    },
    changeStatus("activate"),
  );
  routeEndpoint(
    app,
    deps,
    inactivatePatientEndpoint,
    {
      access: { resource: "patient", action: "inactivate" },
      doc: { summary: "Inactivate an active or pending patient", scope: "assigned-patients", errors: statusErrors, etag: true },
      audit: { action: "inactivate", resource: "patient" },
      scope: onePatientScopeOf,
    },
    changeStatus("deactivate"),
  );
};
