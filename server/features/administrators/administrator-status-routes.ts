import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  activateAdministratorEndpoint,
  deleteAdministratorEndpoint,
  inactivateAdministratorEndpoint,
} from "../../../domain/administrators/administrators-endpoints.ts";
import { checkLastAdministrator } from "../../../domain/administrators/last-administrator.ts";
import { isAdministratorStatus, shownStatus, statusTransition } from "../../../domain/shared/statuses/administrator-status.ts";
import { DELETED } from "../../../domain/shared/statuses/status-actions.ts";
import { administrators } from "../../db/schema/users.ts";
import { fromDomainFailure } from "../../http/api-failure.ts";
import { nextVersion, whileAtVersion } from "../../http/record-version.ts";
import { registerStatusRoutes } from "../../people/status-routes.ts";
import { revokeInvitations } from "../invitations/index.ts";
import { activeInstitutionAdministrators } from "./administrator-record.ts";
import { type AdministratorRouteDeps, replyWithAdministrator } from "./administrator-routes.ts";
import { lockInstitutionAdministrators, lockedAdministrator } from "./administrator-rules.ts";
import { administratorNotFound, oneAdministratorScope } from "./administrator-scope.ts";

/**
 * Activate, inactivate and delete an administrator (spec section 4) on the shared status flow
 * (server/people/status-routes.ts): the status rules of administrator-status.ts (ERROR_050), and
 * an institution always keeps one active institution administrator (last-administrator.ts,
 * ERROR_050), counted with every administrator row of the institution locked. As for every
 * account, nobody changes their own status, leaving ends their sessions and links, and deleting
 * archives the account (a soft delete: it cannot sign in, leaves every list, the audit trail keeps it).
 */
export const registerAdministratorStatusRoutes = (app: FastifyInstance, deps: AdministratorRouteDeps): void => {
  const { db, clock } = deps;
  const errors = { 400: ["ERROR_050", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;
  registerStatusRoutes(
    app,
    deps,
    {
      resource: "administrator",
      noun: "administrator",
      docScope: "institution-records",
      scopeOf: (principal, id) => oneAdministratorScope(db, principal, id),
      recordId: (scope) => scope.administratorId,
      lock: async (tx, scope) => {
        await lockInstitutionAdministrators(tx, scope.institutionId);
        return lockedAdministrator(tx, scope);
      },
      notFound: administratorNotFound,
      transition: statusTransition,
      account: {
        userOf: (scope) => scope.userId,
        shownStatus: (status) => (isAdministratorStatus(status) ? shownStatus(status) : status),
        withdrawLinks: revokeInvitations,
      },
      rules: async ({ tx, scope, locked, action }) => {
        const active = (await activeInstitutionAdministrators(tx, [scope.institutionId])).get(scope.institutionId) ?? 0;
        const last = checkLastAdministrator({ role: locked.roleCode, status: locked.status, activeInstitutionAdministrators: active }, action);
        if (!last.ok) return { failure: fromDomainFailure(400, last, "the institution's last active administrator"), reason: "last_active_administrator" };
        return { auditReason: null };
      },
      write: async ({ tx, scope, next, expected }) => {
        const written = await tx
          .update(administrators)
          .set({ ...(next === DELETED ? {} : { status: next }), version: nextVersion(administrators.version) })
          .where(and(eq(administrators.id, scope.administratorId), whileAtVersion(administrators.version, expected)))
          .returning({ id: administrators.id });
        return written.length > 0;
      },
      answer: (reply, scope) => replyWithAdministrator(db, clock, reply, scope.administratorId),
    },
    [
      { action: "activate", endpoint: activateAdministratorEndpoint, summary: "Activate a pending or inactive administrator (never oneself)", errors },
      {
        action: "deactivate",
        endpoint: inactivateAdministratorEndpoint,
        summary: "Inactivate an active or pending administrator (never oneself, never the institution's last active institution administrator); their sessions and links end",
        errors,
      },
      {
        action: "delete",
        endpoint: deleteAdministratorEndpoint,
        summary: "Delete a pending or inactive administrator (never oneself): the account is archived, cannot sign in and leaves every list; the audit trail keeps it",
        errors,
      },
    ],
  );
};
