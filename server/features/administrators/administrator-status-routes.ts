import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  activateAdministratorEndpoint,
  deleteAdministratorEndpoint,
  inactivateAdministratorEndpoint,
} from "../../../domain/administrators/administrators-endpoints.ts";
import { checkLastAdministrator } from "../../../domain/administrators/last-administrator.ts";
import { isAdministratorStatus, shownStatus, statusTransition } from "../../../domain/shared/statuses/administrator-status.ts";
import { checkActivationHasPassword } from "../../../domain/shared/statuses/first-activation.ts";
import { DELETED, type StatusAction } from "../../../domain/shared/statuses/status-actions.ts";
import type { VersionOnlyBody } from "../../../domain/shared/wire/record-version.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import { revokeAllSessions } from "../../auth/sessions.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { OpenedRoute } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { revokeInvitations } from "../invitations/index.ts";
import { activeInstitutionAdministrators } from "./administrator-record.ts";
import { type AdministratorRouteDeps, replyWithAdministrator } from "./administrator-routes.ts";
import { lockInstitutionAdministrators, lockedAdministrator } from "./administrator-rules.ts";
import { type OneAdministrator, administratorNotFound, oneAdministratorScope } from "./administrator-scope.ts";

/** Nobody changes their own status: an administrator cannot lock themselves out or undo someone's deactivation of them. */
const ownStatus = () => apiFailure(403, "ERROR_001", "an administrator cannot change their own status");

/**
 * Activate, inactivate and delete an administrator (spec section 4): the status rules of
 * administrator-status.ts (ERROR_050), and an institution always keeps one active institution
 * administrator (last-administrator.ts, ERROR_050), counted with every administrator row of the
 * institution locked. Inactivating or deleting someone ends their sessions and withdraws their
 * invitation links; deleting archives the account (a soft delete: it cannot sign in, leaves
 * every list, and the audit trail keeps it).
 */
export const registerAdministratorStatusRoutes = (app: FastifyInstance, deps: AdministratorRouteDeps): void => {
  const { db, clock } = deps;

  const changeStatus =
    (action: StatusAction) =>
    async (
      { input: { body }, principal, scope, audit, refuse }: OpenedRoute<{ readonly body: VersionOnlyBody }, OneAdministrator>,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      const resourceId = String(scope.administratorId);
      if (scope.userId === principal.userId) return refuse(ownStatus(), "denied", "own_status", resourceId);
      const version = versionOfRequest(request, body?.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        await lockInstitutionAdministrators(tx, scope.institutionId);
        const before = await lockedAdministrator(tx, scope);
        if (before === undefined) return { failure: administratorNotFound(), reason: "outside_scope" };
        const next = statusTransition(before.status, action);
        if (!next.ok) return { failure: fromDomainFailure(400, next, `cannot ${action} a ${before.status} administrator`), reason: "status_not_allowed" };
        if (action === "activate") {
          const shown = isAdministratorStatus(before.status) ? shownStatus(before.status) : before.status;
          const invited = checkActivationHasPassword(shown, await holdsPassword(tx, scope.userId));
          if (!invited.ok) return { failure: fromDomainFailure(400, invited, "the administrator never accepted an invitation"), reason: "no_password" };
        }
        const active = (await activeInstitutionAdministrators(tx, [scope.institutionId])).get(scope.institutionId) ?? 0;
        const last = checkLastAdministrator({ role: before.roleCode, status: before.status, activeInstitutionAdministrators: active }, action);
        if (!last.ok) return { failure: fromDomainFailure(400, last, "the institution's last active administrator"), reason: "last_active_administrator" };
        const now = clock.now();
        const written = await tx
          .update(administrators)
          .set({ ...(next.value === DELETED ? {} : { status: next.value }), version: nextVersion(administrators.version) })
          .where(and(eq(administrators.id, scope.administratorId), whileAtVersion(administrators.version, expected)))
          .returning({ id: administrators.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
        if (next.value === DELETED) {
          await tx.update(users).set({ archivedAt: now, version: nextVersion(users.version), updatedAt: now }).where(eq(users.id, scope.userId));
        }
        if (action !== "activate") {
          await revokeAllSessions(tx, scope.userId, { reason: "deactivated", now });
          await revokeInvitations(tx, scope.userId, now);
        }
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      if (action === "delete") return reply.code(204).send();
      return replyWithAdministrator(db, clock, reply, scope.administratorId);
    };

  const statusErrors = { 400: ["ERROR_050", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS } as const;
  const oneAdministratorScopeOf = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => oneAdministratorScope(db, principal, params.id);

  routeEndpoint(
    app,
    deps,
    activateAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "activate" },
      doc: { summary: "Activate a pending or inactive administrator (never oneself)", scope: "institution-records", errors: statusErrors, etag: true },
      audit: { action: "activate", resource: "administrator" },
      scope: oneAdministratorScopeOf,
    },
    changeStatus("activate"),
  );
  routeEndpoint(
    app,
    deps,
    inactivateAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "inactivate" },
      doc: {
        summary: "Inactivate an active or pending administrator (never oneself, never the institution's last active institution administrator); their sessions and links end",
        scope: "institution-records",
        errors: statusErrors,
        etag: true,
      },
      audit: { action: "inactivate", resource: "administrator" },
      scope: oneAdministratorScopeOf,
    },
    changeStatus("deactivate"),
  );
  routeEndpoint(
    app,
    deps,
    deleteAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "delete" },
      doc: {
        summary: "Delete a pending or inactive administrator (never oneself): the account is archived, cannot sign in and leaves every list; the audit trail keeps it",
        scope: "institution-records",
        errors: statusErrors,
        status: 204,
      },
      audit: { action: "delete", resource: "administrator" },
      scope: oneAdministratorScopeOf,
    },
    changeStatus("delete"),
  );
};
