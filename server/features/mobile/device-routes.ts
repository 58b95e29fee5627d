import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { issueDeviceEndpoint, listDevicesEndpoint, revokeDeviceEndpoint } from "../../../domain/mobile/mobile-endpoints.ts";
import { PATIENT_STATUS } from "../../../domain/shared/statuses/patient-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { issueDevice, listDevices, revokeDevice } from "./device-store.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

// Pairing the patients' app (docs/mobile-api.md, "Devices"): whoever may edit a patient (the
// permission and the assigned-patients scope of PATCH patients/{id}/) issues, lists and revokes
// the patient's device tokens. Outside the slice the patient does not exist (404), as elsewhere.

const ACCESS = { resource: "patient", action: "partial_update" } as const;
const NOT_FOUND = { 404: ["ERROR_030"] } as const;

const inactivePatient = () =>
  apiFailure(409, "ERROR_050", "an inactive patient gets no new device", { field: "status", placeholders: { status: PATIENT_STATUS.inactive } });
const deviceNotFound = () => apiFailure(404, "ERROR_030", "no such device of the patient", { field: "device_id", placeholders: { field_name: "device" } });

export const registerDeviceRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    listDevicesEndpoint,
    {
      access: ACCESS,
      doc: { summary: "The patient's paired devices of the exercise app, newest first, revoked ones too; never a token", scope: "assigned-patients", errors: { 403: ["ERROR_001"], ...NOT_FOUND } },
      audit: { action: "read", resource: "patient_devices" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const devices = await listDevices(db, scope.patientId);
      await audit("success", null, String(scope.patientId));
      return reply.send(devices);
    },
  );

  routeEndpoint(
    app,
    deps,
    issueDeviceEndpoint,
    {
      access: ACCESS,
      doc: {
        summary: "Pair a device of the exercise app with the patient: answers its token this once (only its hash is kept); refused for an inactive patient",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_056"], 403: ["ERROR_001"], ...NOT_FOUND, 409: ["ERROR_050"] },
        status: 201,
      },
      audit: { action: "create", resource: "patient_device" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const now = clock.now();
      const issued = await db.transaction(async (tx) => {
        // The patient's row is shared-locked: an inactivation waits for the pairing, or the pairing sees it.
        const [patient] = await tx
          .select({ status: patients.status })
          .from(patients)
          .where(and(eq(patients.id, scope.patientId), isNull(patients.archivedAt)))
          .for("share");
        if (patient === undefined || patient.status === PATIENT_STATUS.inactive) return patient;
        const created = await issueDevice(tx, { patientId: scope.patientId, label: body.label, byUserId: principal.userId, now });
        await audit("success", null, String(created.device.id), tx);
        return created;
      });
      if (issued === undefined) return refuse(apiFailure(404, "ERROR_030", "patient archived meanwhile", { placeholders: { field_name: "patient" } }), "denied", "outside_scope", String(scope.patientId));
      if (!("token" in issued)) return refuse(inactivePatient(), "failure", "inactive_patient", String(scope.patientId));
      // The token is in this answer only: nothing on the way may keep a copy.
      return reply.code(201).header("cache-control", "no-store").send({ ...issued.device, token: issued.token });
    },
  );

  routeEndpoint(
    app,
    deps,
    revokeDeviceEndpoint,
    {
      access: ACCESS,
      doc: { summary: "Revoke one of the patient's devices: its token stops working at once; revoking again changes nothing", scope: "assigned-patients", errors: { 403: ["ERROR_001"], ...NOT_FOUND }, status: 204 },
      audit: { action: "delete", resource: "patient_device" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { params }, scope, audit, refuse }, _request, reply) => {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const revoked = await revokeDevice(tx, { patientId: scope.patientId, deviceId: params.device_id, byUserId: principal.userId, now });
        if (revoked !== undefined) await audit("success", revoked === "already" ? "already_revoked" : null, String(params.device_id), tx);
        return revoked;
      });
      if (outcome === undefined) return refuse(deviceNotFound(), "failure", "unknown_device", String(params.device_id));
      return reply.code(204).send();
    },
  );
};
