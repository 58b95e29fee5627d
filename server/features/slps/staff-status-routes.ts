import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import { DELETED } from "../../../domain/shared/statuses/status-actions.ts";
import { statusTransition } from "../../../domain/shared/statuses/staff-status.ts";
import { checkCaseloadHandover } from "../../../domain/slps/caseload-handover.ts";
import { activateStaffEndpoint, deleteStaffEndpoint, inactivateStaffEndpoint } from "../../../domain/slps/staff-endpoints.ts";
import type { StaffLeaveBody } from "../../../domain/slps/staff-wire.ts";
import { staff, users } from "../../db/schema/users.ts";
import { fromDomainFailure } from "../../http/api-failure.ts";
import { nextVersion } from "../../http/record-version.ts";
import { registerStatusRoutes } from "../../people/status-routes.ts";
import { revokeInvitations } from "../invitations/index.ts";
import { findSuccessor, lockCaseload, lockStaffRows, moveCaseload } from "./caseload-handover-store.ts";
import { replyWithStaff } from "./staff-reply.ts";
import type { StaffRouteDeps } from "./staff-route-deps.ts";
import { oneStaffScope, staffNotFound } from "./staff-scope.ts";

/** The active SLP a leaving SLP's patients go to, as the body names them (nobody takes over on activation). */
const successorOf = (action: StatusAction, body: StaffLeaveBody): number | undefined => (action === "activate" ? undefined : (body?.reassign_to ?? undefined));

/**
 * Activate, inactivate and delete an SLP (spec section 4: staff status) on the shared status flow
 * (server/people/status-routes.ts), where staff-status.ts allows it (else ERROR_050); the version
 * is compared as soon as the SLP is locked. Inactivating or deleting an SLP who still has patients
 * hands them to the active SLP named in `reassign_to` (caseload-handover.ts), in the same
 * transaction as the status change, so no patient is ever left with an SLP who is gone and nothing
 * moves when the change is refused. As for every account, leaving ends the SLP's sessions and
 * invitation links, and delete is soft: the account is archived, and answers 204.
 */
export const registerStaffStatusRoutes = (app: FastifyInstance, deps: StaffRouteDeps): void => {
  const { db, clock } = deps;
  const leaveErrors = { 400: ["ERROR_050", "ERROR_030", "ERROR_052"], 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;
  registerStatusRoutes(
    app,
    deps,
    {
      resource: "staff",
      noun: "SLP",
      docScope: "institution-records",
      scopeOf: (principal, id) => oneStaffScope(db, principal, id),
      recordId: (scope) => scope.staffId,
      lock: async (tx, scope, action, body: StaffLeaveBody) => {
        await lockStaffRows(tx, [scope.staffId, successorOf(action, body)]);
        const [locked] = await tx
          .select({ status: staff.status, version: staff.version })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(and(eq(staff.id, scope.staffId), isNull(users.archivedAt)))
          .for("update");
        return locked;
      },
      notFound: staffNotFound,
      transition: statusTransition,
      versionFirst: (locked) => locked.version,
      account: { userOf: (scope) => scope.userId, withdrawLinks: revokeInvitations },
      rules: async ({ tx, scope, locked, action, body, now, auditEach }) => {
        const successorId = successorOf(action, body);
        const caseload = action === "activate" ? [] : await lockCaseload(tx, scope.staffId);
        const successor = await findSuccessor(tx, scope.institutionId, successorId);
        const handover = checkCaseloadHandover(action, { id: scope.staffId, status: locked.status, patients: caseload.length }, successorId, successor);
        if (!handover.ok) return { failure: fromDomainFailure(400, handover, `caseload handover refused (${handover.code})`), reason: "caseload_handover" };
        const to = handover.value;
        if (to === null) return { auditReason: null };
        const alongside = async (): Promise<void> => {
          await moveCaseload(tx, caseload, to, now);
          await auditEach({ action: "reassign", resource: "patient", outcome: "success", reason: `staff ${scope.staffId} ${action} to staff ${to}` }, caseload.map(String), tx);
        };
        return { auditReason: `caseload of ${caseload.length} to staff ${to}`, alongside };
      },
      write: async ({ tx, scope, next }) => {
        await tx
          .update(staff)
          .set({ ...(next === DELETED ? {} : { status: next }), version: nextVersion(staff.version) })
          .where(eq(staff.id, scope.staffId));
        return true;
      },
      answer: (reply, scope) => replyWithStaff(db, reply, scope.staffId, clock.now()),
    },
    [
      { action: "activate", endpoint: activateStaffEndpoint, summary: "Activate a pending or inactive SLP", errors: { 400: ["ERROR_050"], 403: ["ERROR_001"], 404: ["ERROR_030"] } },
      {
        action: "deactivate",
        endpoint: inactivateStaffEndpoint,
        summary: "Inactivate an active or pending SLP: their patients move to the active SLP named in `reassign_to`, their sessions and links end",
        errors: leaveErrors,
      },
      {
        action: "delete",
        endpoint: deleteStaffEndpoint,
        summary: "Delete (archive) a pending or inactive SLP: their patients move to the active SLP named in `reassign_to`; the audit trail keeps them",
        errors: leaveErrors,
      },
    ],
  );
};
