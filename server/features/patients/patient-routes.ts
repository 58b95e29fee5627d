import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { checkPatientEdit } from "../../../domain/patients/patient-edit.ts";
import {
  PATIENT_FIELD_CODES,
  Patient,
  PatientCreateBody,
  PatientListQuery,
  PatientListResponse,
  PatientPatchBody,
  PatientPathParams,
  PatientsByStaffQuery,
} from "../../../domain/patients/patients-wire.ts";
import { DELETED, type StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { VersionOnlyBody } from "../../../domain/shared/wire/record-version.ts";
import { type PatientStatus, statusTransition } from "../../../domain/shared/statuses/patient-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { type OpenedRoute, type ScopeDecision, openRoute } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { patientListPage } from "./patient-list-query.ts";
import { loadPatient } from "./patient-record.ts";
import {
  type PatientDraft,
  checkAssignedStaff,
  checkEmailFree,
  checkPatientDraft,
  draftFromCreate,
  draftFromPatch,
  emailTaken,
  isDuplicateEmail,
  latestToday,
  touchedFields,
} from "./patient-rules.ts";
import { type OnePatient, type PatientSlice, onePatientScope, patientNotFound, sliceCondition, sliceOf } from "./patient-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const decodeListQuery = decodeRequest(PatientListQuery, "query");
const decodeByStaffQuery = decodeRequest(PatientsByStaffQuery, "query");
const decodeParams = decodeRequest(PatientPathParams, "params");
const decodeCreateBody = decodeRequest(PatientCreateBody, "body", PATIENT_FIELD_CODES);
const decodePatchBody = decodeRequest(PatientPatchBody, "body", PATIENT_FIELD_CODES);
/** activate, inactivate and delete take no body but, optionally, the version the action started from; any other key is refused. */
const decodeVersionOnly = decodeRequest(VersionOnlyBody, "body");

const PATIENT_ERRORS_403 = ["ERROR_001"] as const;
const NOT_FOUND = { 404: ["ERROR_030"] } as const;

const staffNotFound = () => apiFailure(404, "ERROR_030", "staff member outside the caller's slice", { placeholders: { field_name: "staff" } });

/** The patients-by-staff scope: an SLP only their own staff id; administrators staff of their institution; otherwise 404. */
const byStaffScope = async (db: Database, principal: Principal, staffId: number): Promise<ScopeDecision<PatientSlice>> => {
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return slice;
  if (slice.scope.staffId !== null) {
    return slice.scope.staffId === staffId
      ? { ok: true, scope: slice.scope }
      : { ok: false, failure: staffNotFound(), reason: "staff_outside_scope", resourceId: null };
  }
  const [found] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.institutionId, slice.scope.institutionId)))
    .limit(1);
  return found === undefined
    ? { ok: false, failure: staffNotFound(), reason: "staff_outside_scope", resourceId: null }
    : { ok: true, scope: { institutionId: slice.scope.institutionId, staffId } };
};

/** The stored patient as a draft the rules check, with its status; read under a row lock inside a change's transaction. */
const lockedPatient = async (tx: Database, one: OnePatient): Promise<(PatientDraft & { status: PatientStatus }) | undefined> => {
  const [row] = await tx
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      email: patients.email,
      birthdate: patients.birthdate,
      gender: patients.gender,
      staffId: patients.assignedStaffId,
      address1: patients.address1,
      address2: patients.address2,
      cityId: patients.cityId,
      stateId: patients.stateId,
      countryId: patients.countryId,
      zipCode: patients.zipCode,
      phone: patients.phone,
      status: patients.status,
    })
    .from(patients)
    .where(and(eq(patients.id, one.patientId), sliceCondition(one)))
    .for("update");
  return row;
};

const storedColumns = (draft: PatientDraft) => ({
  firstName: draft.firstName,
  lastName: draft.lastName,
  email: draft.email,
  birthdate: draft.birthdate,
  gender: draft.gender,
  assignedStaffId: draft.staffId,
  address1: draft.address1,
  address2: draft.address2,
  cityId: draft.cityId,
  stateId: draft.stateId,
  countryId: draft.countryId,
  zipCode: draft.zipCode,
  phone: draft.phone,
});

/** A change that lost a race on the live-email index reads as the rule's own answer. */
const duplicateEmailAsFailure = async <A>(change: () => Promise<A>): Promise<A | { readonly duplicate: true }> => {
  try {
    return await change();
  } catch (error) {
    if (isDuplicateEmail(error)) return { duplicate: true };
    throw error;
  }
};
const isDuplicate = (value: unknown): value is { readonly duplicate: true } =>
  typeof value === "object" && value !== null && "duplicate" in value;

/** The answer after a change: the record as GET returns it (it is in the slice: the change was), its version as the ETag. */
const replyWithPatient = async (db: Database, reply: FastifyReply, patientId: number, status = 200): Promise<FastifyReply> => {
  const record = await loadPatient(db, patientId);
  if (record === undefined) return replyWithFailure(reply, patientNotFound());
  return sendVersionTag(reply, record.version).code(status).send(record);
};

/**
 * The patients routes of spec section 7 (docs/patients-api.md): the list with its filters, one
 * patient, create, patch, delete (archive), activate, inactivate, and the list by SLP. Every
 * route reaches only the caller's slice (an SLP their assigned patients, administrators their
 * institution's; the super administrator none), answers 404 for a patient outside it, and leaves
 * an audit row per call (a change's row in the change's transaction).
 */
export const registerPatientRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  const list = openRoute(deps, {
    audit: { action: "list", resource: "patient" },
    decode: decodeListQuery,
    scope: (principal) => sliceOf(db, principal),
  })(async ({ input, scope, audit }) => {
    const body = await patientListPage(
      db,
      scope,
      { search: input.search, gameLevels: input.available_game_levels ?? [], reviewed: input.reviewed, statuses: input.status, ordering: input.ordering },
      input.page,
      input.page_size,
    );
    await audit("success", null);
    return body;
  });
  app.get(
    "/api/patients/",
    {
      config: {
        access: { resource: "patient", action: "list" },
        decodes: [decodeListQuery],
        doc: {
          summary: "One page of the caller's patients: search, game-level, review and status filters, orderings",
          scope: "assigned-patients",
          errors: { 403: PATIENT_ERRORS_403 },
          response: PatientListResponse,
        },
      },
    },
    list,
  );

  const byStaff = openRoute(deps, {
    audit: { action: "list", resource: "patient" },
    decode: decodeByStaffQuery,
    scope: (principal, query) => byStaffScope(db, principal, query.staff_id),
  })(async ({ input, scope, audit }) => {
    const body = await patientListPage(db, scope, { gameLevels: [], reviewed: [], statuses: [], ordering: ["first_name"] }, input.page, input.page_size);
    await audit("success", null);
    return body;
  });
  const byStaffConfig = {
    access: { resource: "patient", action: "list" },
    decodes: [decodeByStaffQuery],
    doc: {
      summary: "One page of the patients assigned to one SLP (an SLP only their own; administrators their institution's staff), by first name",
      scope: "assigned-patients",
      errors: { 403: PATIENT_ERRORS_403, ...NOT_FOUND },
      response: PatientListResponse,
    },
  } as const;
  app.get("/api/patients/filtered-list-by-staff", { config: byStaffConfig }, byStaff);
  app.get("/api/patients/filtered-list-by-staff/", { config: byStaffConfig }, byStaff);

  const onePatient = (action: string) =>
    openRoute(deps, {
      audit: { action, resource: "patient" },
      decode: decodeParams,
      scope: (principal, params) => onePatientScope(db, principal, params.id),
    });

  app.get(
    "/api/patients/:id/",
    {
      config: {
        access: { resource: "patient", action: "retrieve" },
        decodes: [decodeParams],
        doc: { summary: "One patient with contact information", scope: "assigned-patients", errors: { 403: PATIENT_ERRORS_403, ...NOT_FOUND }, response: Patient, etag: true },
      },
    },
    onePatient("read")(async ({ scope, audit }, _request, reply) => {
      const record = await loadPatient(db, scope.patientId);
      if (record === undefined) return replyWithFailure(reply, patientNotFound());
      await audit("success", null, String(scope.patientId));
      return sendVersionTag(reply, record.version).send(record);
    }),
  );

  const create = openRoute(deps, {
    audit: { action: "create", resource: "patient" },
    decode: decodeCreateBody,
    scope: (principal) => sliceOf(db, principal),
  })(async ({ input, scope, audit, refuse }, _request, reply) => {
    const checked = await checkPatientDraft(db, draftFromCreate(input), latestToday(clock.now()));
    if (!checked.ok) return refuse(checked.failure, "failure", "patient_rules");
    const draft = checked.value;
    // An SLP (were they allowed to create) could only add patients to their own caseload.
    const staffId = scope.staffId ?? draft.staffId;
    const staffFailure = await checkAssignedStaff(db, scope.institutionId, staffId);
    if (staffFailure !== undefined) return refuse(staffFailure, "failure", "staff_outside_institution");
    const emailFailure = await checkEmailFree(db, draft.email, null);
    if (emailFailure !== undefined) return refuse(emailFailure, "failure", "duplicate_email");
    const now = clock.now();
    const created = await duplicateEmailAsFailure(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(patients)
          .values({ ...storedColumns({ ...draft, staffId }), institutionId: scope.institutionId, createdAt: now, updatedAt: now })
          .returning({ id: patients.id });
        if (row === undefined) throw new Error("patient insert returned no row");
        await audit("success", null, String(row.id), tx);
        return row.id;
      }),
    );
    if (isDuplicate(created)) return refuse(emailTaken(), "failure", "duplicate_email");
    return replyWithPatient(db, reply, created, 201);
  });
  app.post(
    "/api/patients/",
    {
      config: {
        access: { resource: "patient", action: "create" },
        decodes: [decodeCreateBody],
        doc: {
          summary: "Create a patient (pending) in the caller's institution, optionally assigned to one of its SLPs",
          scope: "assigned-patients",
          errors: { 400: ["ERROR_003", "ERROR_004", "ERROR_002", "ERROR_027", "ERROR_030", "ERROR_031", "ERROR_052", "ERROR_054", "ERROR_056", "ERROR_076"], 403: PATIENT_ERRORS_403 },
          response: Patient,
          status: 201,
          etag: true,
        },
      },
    },
    create,
  );

  /** Decodes a body after the scope let the caller reach the patient; a bad body is audited as a failure on that patient. */
  const bodyOf = <A>(route: OpenedRoute<unknown, OnePatient>, decode: (input: unknown) => { ok: true; value: A } | { ok: false; failure: ReturnType<typeof apiFailure> }, body: unknown) => {
    const decoded = decode(body);
    return decoded.ok ? decoded : { ok: false as const, reply: () => route.refuse(decoded.failure, "failure", "invalid_body", String(route.scope.patientId)) };
  };

  app.patch(
    "/api/patients/:id/",
    {
      config: {
        access: { resource: "patient", action: "partial_update" },
        decodes: [decodeParams, decodePatchBody],
        doc: {
          summary: "Change a patient's details (only the keys sent); the e-mail only while pending, the status never; If-Match or `version` refuses a stale edit (412)",
          scope: "assigned-patients",
          errors: {
            400: ["ERROR_003", "ERROR_004", "ERROR_002", "ERROR_027", "ERROR_030", "ERROR_031", "ERROR_052", "ERROR_053", "ERROR_054", "ERROR_056", "ERROR_076"],
            403: PATIENT_ERRORS_403,
            ...NOT_FOUND,
            ...STALE_VERSION_ERRORS,
          },
          response: Patient,
          etag: true,
        },
      },
    },
    onePatient("update")(async (route, request, reply) => {
      const { scope, audit, refuse } = route;
      const resourceId = String(scope.patientId);
      const body = bodyOf(route, decodePatchBody, request.body);
      if (!body.ok) return body.reply();
      const { version: bodyVersion, ...patch } = body.value;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await duplicateEmailAsFailure(() =>
        db.transaction(async (tx) => {
          const before = await lockedPatient(tx, scope);
          if (before === undefined) return { failure: patientNotFound(), reason: "outside_scope" };
          const edit = checkPatientEdit({ status: before.status, email: before.email }, { email: patch.email });
          if (!edit.ok) return { failure: fromDomainFailure(400, edit, "email change outside pending"), reason: "email_locked" };
          const checked = await checkPatientDraft(tx, draftFromPatch(before, patch), latestToday(clock.now()), touchedFields(patch));
          if (!checked.ok) return { failure: checked.failure, reason: "patient_rules" };
          const draft = checked.value;
          if (patch.staff !== undefined) {
            const staffFailure = await checkAssignedStaff(tx, scope.institutionId, draft.staffId);
            if (staffFailure !== undefined) return { failure: staffFailure, reason: "staff_outside_institution" };
          }
          if (draft.email.toLowerCase() !== before.email.toLowerCase()) {
            const emailFailure = await checkEmailFree(tx, draft.email, scope.patientId);
            if (emailFailure !== undefined) return { failure: emailFailure, reason: "duplicate_email" };
          }
          const written = await tx
            .update(patients)
            .set({ ...storedColumns(draft), version: nextVersion(patients.version), updatedAt: clock.now() })
            .where(and(eq(patients.id, scope.patientId), whileAtVersion(patients.version, expected)))
            .returning({ id: patients.id });
          if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
          await audit("success", null, resourceId, tx);
          return undefined;
        }),
      );
      if (isDuplicate(outcome)) return refuse(emailTaken(), "failure", "duplicate_email", resourceId);
      if (outcome !== undefined) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      return replyWithPatient(db, reply, scope.patientId);
    }),
  );

  /** A status action (activate, inactivate, delete) where patient-status.ts allows it from the current status, else ERROR_050. */
  const statusRoute = (action: StatusAction, auditAction: string) =>
    onePatient(auditAction)(async (route, request, reply) => {
      const { scope, audit, refuse } = route;
      const resourceId = String(scope.patientId);
      const body = bodyOf(route, decodeVersionOnly, request.body);
      if (!body.ok) return body.reply();
      const version = versionOfRequest(request, body.value?.version);
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
    });

  const statusErrors = { 400: ["ERROR_050"], 403: PATIENT_ERRORS_403, ...NOT_FOUND, ...STALE_VERSION_ERRORS } as const;
  app.delete(
    "/api/patients/:id/",
    {
      config: {
        access: { resource: "patient", action: "delete" },
        decodes: [decodeParams, decodeVersionOnly],
        doc: { summary: "Delete (archive) a pending or inactive patient; sessions and the audit trail keep them", scope: "assigned-patients", errors: statusErrors, status: 204 },
      },
    },
    statusRoute("delete", "delete"),
  );
  app.put(
    "/api/patients/:id/activate/",
    {
      config: {
        access: { resource: "patient", action: "activate" },
        decodes: [decodeParams, decodeVersionOnly],
        doc: { summary: "Activate a pending or inactive patient", scope: "assigned-patients", errors: statusErrors, response: Patient, etag: true },
      },
    },
    statusRoute("activate", "activate"),
  );
  app.put(
    "/api/patients/:id/inactivate/",
    {
      config: {
        access: { resource: "patient", action: "inactivate" },
        decodes: [decodeParams, decodeVersionOnly],
        doc: { summary: "Inactivate an active or pending patient", scope: "assigned-patients", errors: statusErrors, response: Patient, etag: true },
      },
    },
    statusRoute("deactivate", "inactivate"),
  );
};
