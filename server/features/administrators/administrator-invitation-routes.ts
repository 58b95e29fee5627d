import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { resendAdministratorInvitationEndpoint, revokeAdministratorInvitationEndpoint } from "../../../domain/administrators/administrators-endpoints.ts";
import { INVITATION_STATE, checkInvitationIssuable } from "../../../domain/invitations/index.ts";
import { ADMINISTRATOR_STATUS } from "../../../domain/shared/statuses/administrator-status.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import type { Database } from "../../db/database.ts";
import { administrators } from "../../db/schema/users.ts";
import { type ApiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { checkResendCooldown, invitationSummaries, revokeInvitations } from "../invitations/index.ts";
import { type IssuedLink, issueAdministratorLink, mailInvitation } from "./administrator-invitation.ts";
import { type AdministratorRouteDeps, replyWithAdministrator } from "./administrator-routes.ts";
import { lockedAdministrator, statusNotAllowed } from "./administrator-rules.ts";
import { administratorNotFound, oneAdministratorScope } from "./administrator-scope.ts";

type Refusal = { readonly failure: ApiFailure; readonly reason: string };

/** Every change to a person's invitation is a change of their record: its version moves on (from the one the caller saw, when they named it). */
const bumpVersion = async (tx: Database, administratorId: number, expected?: number): Promise<boolean> => {
  const written = await tx
    .update(administrators)
    .set({ version: nextVersion(administrators.version) })
    .where(and(eq(administrators.id, administratorId), whileAtVersion(administrators.version, expected)))
    .returning({ id: administrators.id });
  return written.length === 1;
};

/**
 * Resend and withdraw a pending administrator's invitation (docs/invitations.md). Resending waits a
 * minute after the last link (429 ERROR_012), kills the old link, and is refused once a link was
 * used (the person has a password; ERROR_050); withdrawing needs an open
 * link, and the account stays pending until a new link is sent or it is deleted. Only a pending
 * account has links (ERROR_050 otherwise).
 */
export const registerAdministratorInvitationRoutes = (app: FastifyInstance, deps: AdministratorRouteDeps): void => {
  const { db, clock, keys } = deps;

  routeEndpoint(
    app,
    deps,
    resendAdministratorInvitationEndpoint,
    {
      access: { resource: "administrator", action: "partial_update" },
      doc: {
        summary: "Send a pending administrator a new 72-hour link (at most one a minute); the old link stops working; If-Match or `version` refuses a stale resend (412)",
        scope: "institution-records",
        errors: { 400: ["ERROR_050", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS, 429: ["ERROR_012"] },
        etag: true,
      },
      audit: { action: "resend_invitation", resource: "administrator" },
      scope: (principal, { params }) => oneAdministratorScope(db, principal, params.id),
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ input: { body }, principal, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.administratorId);
      const version = versionOfRequest(request, body?.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx): Promise<Refusal | IssuedLink> => {
        const before = await lockedAdministrator(tx, scope);
        if (before === undefined) return { failure: administratorNotFound(), reason: "outside_scope" };
        if (before.status !== ADMINISTRATOR_STATUS.pending) return { failure: statusNotAllowed(before.status, "only a pending administrator is invited"), reason: "not_pending" };
        // Once they chose a password, a new link would be a second way to set it.
        const issuable = checkInvitationIssuable({ hasPassword: await holdsPassword(tx, scope.userId) });
        if (!issuable.ok) return { failure: fromDomainFailure(400, issuable, "the administrator already has a password"), reason: "invitation_used" };
        const cooldown = await checkResendCooldown(tx, scope.userId, clock.now());
        if (cooldown !== undefined) return { failure: cooldown, reason: "resend_cooldown" };
        // The version check is the first write: a stale resend sends nothing.
        if (!(await bumpVersion(tx, scope.administratorId, expected)) && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
        const link = await issueAdministratorLink(tx, keys, {
          userId: scope.userId,
          email: before.email,
          firstName: before.firstName,
          institutionId: scope.institutionId,
          invitedByUserId: principal.userId,
          now: clock.now(),
        });
        if ("code" in link) return { failure: fromDomainFailure(400, link, "the administrator already has a password"), reason: "invitation_used" };
        await audit("success", null, resourceId, tx);
        return link;
      });
      if ("failure" in outcome) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      await mailInvitation(deps, outcome);
      return replyWithAdministrator(db, clock, reply, scope.administratorId);
    },
  );

  routeEndpoint(
    app,
    deps,
    revokeAdministratorInvitationEndpoint,
    {
      access: { resource: "administrator", action: "partial_update" },
      doc: {
        summary: "Withdraw a pending administrator's open link; the account stays pending until a new link is sent or it is deleted",
        scope: "institution-records",
        errors: { 400: ["ERROR_050"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
        etag: true,
      },
      audit: { action: "revoke_invitation", resource: "administrator" },
      scope: (principal, { params }) => oneAdministratorScope(db, principal, params.id),
    },
    async ({ scope, audit, refuse }, _request, reply) => {
      const resourceId = String(scope.administratorId);
      const refusal = await db.transaction(async (tx): Promise<Refusal | undefined> => {
        const before = await lockedAdministrator(tx, scope);
        if (before === undefined) return { failure: administratorNotFound(), reason: "outside_scope" };
        if (before.status !== ADMINISTRATOR_STATUS.pending) return { failure: statusNotAllowed(before.status, "only a pending administrator has links"), reason: "not_pending" };
        const now = clock.now();
        const latest = (await invitationSummaries(tx, [scope.userId], now)).get(scope.userId);
        if (latest?.state !== INVITATION_STATE.open) return { failure: statusNotAllowed(before.status, "no open link to withdraw"), reason: "no_open_link" };
        await revokeInvitations(tx, scope.userId, now);
        await bumpVersion(tx, scope.administratorId);
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (refusal !== undefined) return refuse(refusal.failure, refusal.failure.status === 404 ? "denied" : "failure", refusal.reason, resourceId);
      return replyWithAdministrator(db, clock, reply, scope.administratorId);
    },
  );
};
