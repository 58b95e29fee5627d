import { draftFromCreate, draftFromPatch, type PatientRecordDraft, touchedFields } from "../../../domain/patients/patient-record-draft.ts";
import { latestDayOnEarth } from "../../../domain/shared/calendar/today.ts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkPatientEdit } from "../../../domain/patients/patient-edit.ts";
import { checkPatientReassignment } from "../../../domain/patients/patient-reassignment.ts";
import {
  activatePatientEndpoint,
  createPatientEndpoint,
  deletePatientEndpoint,
  getPatientEndpoint,
  inactivatePatientEndpoint,
  listPatientsEndpoint,
  listPatientsOfStaffEndpoint,
  updatePatientEndpoint,
} from "../../../domain/patients/patients-endpoints.ts";
import { DELETED, type StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { type PatientStatus, statusTransition } from "../../../domain/shared/statuses/patient-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { OpenedRoute, ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import type { VersionOnlyBody } from "../../../domain/shared/wire/record-version.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { patientListPage } from "./patient-list-query.ts";
import { loadPatient } from "./patient-record.ts";
import {
  checkAssignedStaff,
  checkEmailFree,
  checkPatientDraft,
  emailTaken,
  isDuplicateEmail,
} from "./patient-rules.ts";
import { type OnePatient, type PatientSlice, onePatientScope, patientNotFound, sliceCondition, sliceOf } from "../../http/patient-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

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
const lockedPatient = async (tx: Database, one: OnePatient): Promise<(PatientRecordDraft & { status: PatientStatus }) | undefined> => {
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

const storedColumns = (draft: PatientRecordDraft) => ({
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

  routeEndpoint(
    app,
    deps,
    listPatientsEndpoint,
    {
      access: { resource: "patient", action: "list" },
      doc: {
        summary: "One page of the caller's patients: search, game-level, review and status filters, orderings",
        scope: "assigned-patients",
        errors: { 403: PATIENT_ERRORS_403 },
      },
      audit: { action: "list", resource: "patient" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { query }, scope, audit }) => {
      const body = await patientListPage(
        db,
        scope,
        { search: query.search, gameLevels: query.available_game_levels ?? [], reviewed: query.reviewed, statuses: query.status, ordering: query.ordering },
        query.page,
        query.page_size,
      );
      await audit("success", null);
      return body;
    },
  );

  routeEndpoint(
    app,
    deps,
    listPatientsOfStaffEndpoint,
    {
      access: { resource: "patient", action: "list" },
      doc: {
        summary: "One page of the patients assigned to one SLP (an SLP only their own; administrators their institution's staff), by first name",
        scope: "assigned-patients",
        errors: { 403: PATIENT_ERRORS_403, ...NOT_FOUND },
      },
      audit: { action: "list", resource: "patient" },
      scope: (principal, { query }) => byStaffScope(db, principal, query.staff_id),
    },
    async ({ input: { query }, scope, audit }) => {
      const body = await patientListPage(db, scope, { gameLevels: [], reviewed: [], statuses: [], ordering: ["first_name"] }, query.page, query.page_size);
      await audit("success", null);
      return body;
    },
  );

  routeEndpoint(
    app,
    deps,
    getPatientEndpoint,
    {
      access: { resource: "patient", action: "retrieve" },
      doc: { summary: "One patient with contact information", scope: "assigned-patients", errors: { 403: PATIENT_ERRORS_403, ...NOT_FOUND }, etag: true },
      audit: { action: "read", resource: "patient" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const record = await loadPatient(db, scope.patientId);
      if (record === undefined) return replyWithFailure(reply, patientNotFound());
      await audit("success", null, String(scope.patientId));
      return sendVersionTag(reply, record.version).send(record);
    },
  );

  routeEndpoint(
    app,
    deps,
    createPatientEndpoint,
    {
      access: { resource: "patient", action: "create" },
      doc: {
        summary: "Create a patient (pending) in the caller's institution, optionally assigned to one of its SLPs",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_004", "ERROR_002", "ERROR_027", "ERROR_030", "ERROR_031", "ERROR_052", "ERROR_054", "ERROR_056", "ERROR_076"], 403: PATIENT_ERRORS_403 },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "patient" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { body }, scope, audit, refuse }, _request, reply) => {
      const checked = await checkPatientDraft(db, draftFromCreate(body), latestDayOnEarth(clock.now()));
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
    },
  );

  routeEndpoint(
    app,
    deps,
    updatePatientEndpoint,
    {
      access: { resource: "patient", action: "partial_update" },
      doc: {
        summary: "Change a patient's details (only the keys sent); the e-mail only while pending, the status never; If-Match or `version` refuses a stale edit (412)",
        scope: "assigned-patients",
        errors: {
          400: ["ERROR_003", "ERROR_004", "ERROR_002", "ERROR_027", "ERROR_030", "ERROR_031", "ERROR_052", "ERROR_053", "ERROR_054", "ERROR_056", "ERROR_076"],
          403: PATIENT_ERRORS_403,
          ...NOT_FOUND,
          ...STALE_VERSION_ERRORS,
        },
        etag: true,
      },
      audit: { action: "update", resource: "patient" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.patientId);
      const { version: bodyVersion, ...patch } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await duplicateEmailAsFailure(() =>
        db.transaction(async (tx) => {
          const before = await lockedPatient(tx, scope);
          if (before === undefined) return { failure: patientNotFound(), reason: "outside_scope" };
          const edit = checkPatientEdit({ status: before.status, email: before.email }, { email: patch.email });
          if (!edit.ok) return { failure: fromDomainFailure(400, edit, "email change outside pending"), reason: "email_locked" };
          const checked = await checkPatientDraft(tx, draftFromPatch(before, patch), latestDayOnEarth(clock.now()), touchedFields(patch));
          if (!checked.ok) return { failure: checked.failure, reason: "patient_rules" };
          const draft = checked.value;
          if (patch.staff !== undefined) {
            const reassignment = checkPatientReassignment(principal.role, before.staffId, draft.staffId);
            if (!reassignment.ok) return { failure: fromDomainFailure(403, reassignment, "only an administrator moves a patient to another SLP"), reason: "reassign_not_allowed" };
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
    },
  );

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
