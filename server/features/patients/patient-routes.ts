import { changedFields } from "../../audit/audit-changes.ts";
import { draftFromCreate, draftFromPatch, touchedFields } from "../../../domain/patients/patient-record-draft.ts";
import { latestDayOnEarth } from "../../../domain/shared/calendar/today.ts";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { checkPatientEdit } from "../../../domain/patients/patient-edit.ts";
import { checkPatientReassignment } from "../../../domain/patients/patient-reassignment.ts";
import {
  createPatientEndpoint,
  getPatientEndpoint,
  listPatientsEndpoint,
  listPatientsOfStaffEndpoint,
  updatePatientEndpoint,
} from "../../../domain/patients/patients-endpoints.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { OpenedRoute, ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { BAD_CURSOR, type ListRead, patientListPage } from "./patient-list-query.ts";
import { badCursor } from "../../http/bad-cursor.ts";
import { loadPatient } from "./patient-record.ts";
import {
  checkAssignedStaff,
  checkEmailFree,
  checkPatientDraft,
  patientEmailTaken,
} from "./patient-rules.ts";
import { type PatientSlice, onePatientScope, patientNotFound, sliceOf } from "../../http/patient-scope.ts";

import { NOT_FOUND, PATIENT_ERRORS_403, type PatientRouteDeps, duplicateEmailAsFailure, isDuplicate, lockedPatient, replyWithPatient, storedColumns } from "./patient-change.ts";
import { registerPatientStatusRoutes } from "./patient-status-routes.ts";

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

/** A list read's audit row: in the page's statement where it can be (patient-list-query.ts), else apart. */
const listRead = (auditEvent: OpenedRoute<unknown, unknown>["auditEvent"], audit: OpenedRoute<unknown, unknown>["audit"]): ListRead => {
  const event = auditEvent("success", null);
  if (event === undefined) throw new Error("the patients list declares an audit target");
  return { event, apart: () => audit("success", null) };
};

/**
 * The patients routes of spec section 7 (docs/patients-api.md): the list with its filters, one
 * patient, create, patch, delete (archive), activate, inactivate, and the list by SLP. Every
 * route reaches only the caller's slice (an SLP their assigned patients, administrators their
 * institution's; the super administrator none), answers 404 for a patient outside it, and leaves
 * an audit row per call (a change's row in the change's transaction).
 */
export const registerPatientRoutes = (app: FastifyInstance, deps: PatientRouteDeps): void => {
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
    async ({ input: { query }, scope, audit, auditEvent, refuse }) => {
      const body = await patientListPage(
        db,
        scope,
        { search: query.search, gameLevels: query.available_game_levels ?? [], reviewed: query.reviewed, statuses: query.status, ordering: query.ordering },
        query.page,
        query.page_size,
        listRead(auditEvent, audit),
        query.cursor,
      );
      return body === BAD_CURSOR ? refuse(badCursor(), "failure", "invalid_query") : body;
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
    async ({ input: { query }, scope, audit, auditEvent, refuse }) => {
      const page = { gameLevels: [], reviewed: [], statuses: [], ordering: ["first_name" as const] };
      const body = await patientListPage(db, scope, page, query.page, query.page_size, listRead(auditEvent, audit), query.cursor);
      return body === BAD_CURSOR ? refuse(badCursor(), "failure", "invalid_query") : body;
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
      if (isDuplicate(created)) return refuse(patientEmailTaken(), "failure", "duplicate_email");
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
          await audit("success", null, resourceId, tx, changedFields(storedColumns(before), storedColumns(draft)));
          return undefined;
        }),
      );
      if (isDuplicate(outcome)) return refuse(patientEmailTaken(), "failure", "duplicate_email", resourceId);
      if (outcome !== undefined) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      return replyWithPatient(db, reply, scope.patientId);
    },
  );

  registerPatientStatusRoutes(app, deps);
};
