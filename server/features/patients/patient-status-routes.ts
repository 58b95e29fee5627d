import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { activatePatientEndpoint, deletePatientEndpoint, inactivatePatientEndpoint } from "../../../domain/patients/patients-endpoints.ts";
import { statusTransition } from "../../../domain/shared/statuses/patient-status.ts";
import { DELETED } from "../../../domain/shared/statuses/status-actions.ts";
import { patients } from "../../db/schema/patients.ts";
import { onePatientScope, patientNotFound } from "../../http/patient-scope.ts";
import { nextVersion, whileAtVersion } from "../../http/record-version.ts";
import { registerStatusRoutes } from "../../people/status-routes.ts";
import { NOT_FOUND, PATIENT_ERRORS_403, type PatientRouteDeps, lockedPatient, replyWithPatient } from "./patient-change.ts";

/**
 * Delete (archive), activate and inactivate a patient of the caller's slice (docs/patients-api.md),
 * each audited in its transaction, on the shared status flow (server/people/status-routes.ts):
 * a patient has no account of their own here, so only the status table (patient-status.ts,
 * ERROR_050) decides, and the versioned write has the last word on staleness.
 */
export const registerPatientStatusRoutes = (app: FastifyInstance, deps: PatientRouteDeps): void => {
  const { db } = deps;
  const errors = { 400: ["ERROR_050"], 403: PATIENT_ERRORS_403, ...NOT_FOUND } as const;
  registerStatusRoutes(
    app,
    deps,
    {
      resource: "patient",
      noun: "patient",
      docScope: "assigned-patients",
      scopeOf: (principal, id) => onePatientScope(db, principal, id),
      recordId: (scope) => scope.patientId,
      lock: (tx, scope) => lockedPatient(tx, scope),
      notFound: patientNotFound,
      transition: statusTransition,
      write: async ({ tx, scope, next, now, expected }) => {
        const change = next === DELETED ? { archivedAt: now, updatedAt: now } : { status: next, updatedAt: now };
        const written = await tx
          .update(patients)
          .set({ ...change, version: nextVersion(patients.version) })
          .where(and(eq(patients.id, scope.patientId), isNull(patients.archivedAt), whileAtVersion(patients.version, expected)))
          .returning({ id: patients.id });
        return written.length > 0;
      },
      answer: (reply, scope) => replyWithPatient(db, reply, scope.patientId),
    },
    [
      { action: "delete", endpoint: deletePatientEndpoint, summary: "Delete (archive) a pending or inactive patient; sessions and the audit trail keep them", errors },
      { action: "activate", endpoint: activatePatientEndpoint, summary: "Activate a pending or inactive patient", errors },
      { action: "deactivate", endpoint: inactivatePatientEndpoint, summary: "Inactivate an active or pending patient", errors },
    ],
  );
};
