import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DELETED, type StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { checkActivationHasPassword } from "../../../domain/shared/statuses/first-activation.ts";
import { statusTransition } from "../../../domain/shared/statuses/staff-status.ts";
import { checkCaseloadHandover } from "../../../domain/slps/caseload-handover.ts";
import { activateStaffEndpoint, deleteStaffEndpoint, inactivateStaffEndpoint } from "../../../domain/slps/staff-endpoints.ts";
import type { StaffLeaveBody } from "../../../domain/slps/staff-wire.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import type { Database } from "../../db/database.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { OpenedRoute } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest } from "../../http/record-version.ts";
import { revokeInvitations } from "../invitations/index.ts";
import { findSuccessor, lockCaseload, lockStaffRows, moveCaseload } from "./caseload-handover-store.ts";
import { replyWithStaff } from "./staff-reply.ts";
import type { StaffRouteDeps } from "./staff-route-deps.ts";
import { type OneStaff, oneStaffScope, staffNotFound } from "./staff-scope.ts";

/** Nobody changes their own status: an administrator who is also an SLP cannot lock themselves out or hand their own caseload away. */
const ownStatus = (): ApiFailure => apiFailure(403, "ERROR_001", "a person cannot change their own status");

type Refusal = { readonly failure: ApiFailure; readonly reason: string };

/**
 * activate, inactivate and delete an SLP (spec section 4: staff status) where staff-status.ts
 * allows it from the current status (else ERROR_050). Inactivating or deleting an SLP who still
 * has patients hands them to the active SLP named in `reassign_to` (caseload-handover.ts), in the
 * same transaction as the status change, so no patient is ever left with an SLP who is gone and
 * nothing moves when the change is refused. Leaving also ends the SLP's sessions and withdraws
 * their invitation links. Delete is soft: the account is archived, and answers 204.
 */
export const registerStaffStatusRoutes = (app: FastifyInstance, deps: StaffRouteDeps): void => {
  const { db, clock } = deps;

  const changeStatus =
    (action: StatusAction) =>
    async (
      { principal, input: { body }, scope, audit, auditEach, refuse }: OpenedRoute<{ readonly body: StaffLeaveBody }, OneStaff>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      const resourceId = String(scope.staffId);
      if (scope.userId === principal.userId) return refuse(ownStatus(), "denied", "own_status", resourceId);
      const version = versionOfRequest(request, body?.version ?? undefined);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const successorId = action === "activate" ? undefined : (body?.reassign_to ?? undefined);
      const now = clock.now();
      const refusal = await db.transaction(async (tx: Database): Promise<Refusal | undefined> => {
        await lockStaffRows(tx, [scope.staffId, successorId]);
        const [before] = await tx
          .select({ status: staff.status, version: staff.version })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(and(eq(staff.id, scope.staffId), isNull(users.archivedAt)))
          .for("update");
        if (before === undefined) return { failure: staffNotFound(), reason: "outside_scope" };
        if (expected !== undefined && before.version !== expected) return { failure: staleVersionFailure(expected), reason: "stale_version" };
        const next = statusTransition(before.status, action);
        if (!next.ok) return { failure: fromDomainFailure(400, next, `cannot ${action} a ${before.status} SLP`), reason: "status_not_allowed" };
        if (action === "activate") {
          const invited = checkActivationHasPassword(before.status, await holdsPassword(tx, scope.userId));
          if (!invited.ok) return { failure: fromDomainFailure(400, invited, "the SLP never accepted an invitation"), reason: "no_password" };
        }
        const caseload = action === "activate" ? [] : await lockCaseload(tx, scope.staffId);
        const successor = await findSuccessor(tx, scope.institutionId, successorId);
        const handover = checkCaseloadHandover(action, { id: scope.staffId, status: before.status, patients: caseload.length }, successorId, successor);
        if (!handover.ok) return { failure: fromDomainFailure(400, handover, `caseload handover refused (${handover.code})`), reason: "caseload_handover" };
        if (handover.value !== null) {
          await moveCaseload(tx, caseload, handover.value, now);
          await auditEach(
            { action: "reassign", resource: "patient", outcome: "success", reason: `staff ${scope.staffId} ${action} to staff ${handover.value}` },
            caseload.map(String),
            tx,
          );
        }
        await tx
          .update(staff)
          .set({ ...(next.value === DELETED ? {} : { status: next.value }), version: nextVersion(staff.version) })
          .where(eq(staff.id, scope.staffId));
        if (next.value === DELETED) await tx.update(users).set({ archivedAt: now, updatedAt: now }).where(eq(users.id, scope.userId));
        if (action !== "activate") {
          await revokeAllSessions(tx, scope.userId, { reason: "deactivated", now });
          await revokeInvitations(tx, scope.userId, now);
        }
        await audit("success", handover.value === null ? null : `caseload of ${caseload.length} to staff ${handover.value}`, resourceId, tx);
        return undefined;
      });
      if (refusal !== undefined) return refuse(refusal.failure, refusal.failure.status === 404 ? "denied" : "failure", refusal.reason, resourceId);
      if (action === "delete") return reply.code(204).send();
      return replyWithStaff(db, reply, scope.staffId, clock.now());
    };

  const scopeOfId = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => oneStaffScope(db, principal, params.id);
  const leaveErrors = { 400: ["ERROR_050", "ERROR_030", "ERROR_052"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS } as const;

  routeEndpoint(
    app,
    deps,
    activateStaffEndpoint,
    {
      access: { resource: "staff", action: "activate" },
      doc: { summary: "Activate a pending or inactive SLP", scope: "institution-records", errors: { 400: ["ERROR_050"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS }, etag: true },
      audit: { action: "activate", resource: "staff" },
      scope: scopeOfId,
    },
    changeStatus("activate"),
  );
  routeEndpoint(
    app,
    deps,
    inactivateStaffEndpoint,
    {
      access: { resource: "staff", action: "inactivate" },
      doc: {
        summary: "Inactivate an active or pending SLP: their patients move to the active SLP named in `reassign_to`, their sessions and links end",
        scope: "institution-records",
        errors: leaveErrors,
        etag: true,
      },
      audit: { action: "inactivate", resource: "staff" },
      scope: scopeOfId,
    },
    changeStatus("deactivate"),
  );
  routeEndpoint(
    app,
    deps,
    deleteStaffEndpoint,
    {
      access: { resource: "staff", action: "delete" },
      doc: {
        summary: "Delete (archive) a pending or inactive SLP: their patients move to the active SLP named in `reassign_to`; the audit trail keeps them",
        scope: "institution-records",
        errors: leaveErrors,
        status: 204,
      },
      audit: { action: "delete", resource: "staff" },
      scope: scopeOfId,
    },
    changeStatus("delete"),
  );
};
