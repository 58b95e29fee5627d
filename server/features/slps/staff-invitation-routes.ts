import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { STAFF_STATUS } from "../../../domain/shared/statuses/staff-status.ts";
import { resendStaffInvitationEndpoint, revokeStaffInvitationEndpoint } from "../../../domain/slps/staff-endpoints.ts";
import { checkInvitationIssuable } from "../../../domain/invitations/index.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import type { Database } from "../../db/database.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, staleVersionFailure, versionOfRequest } from "../../http/record-version.ts";
import { checkResendCooldown, invitationSummaries, issueInvitation, revokeInvitations } from "../invitations/index.ts";
import { type IssuedLink, mailStaffInvitation } from "./staff-invitation-mail.ts";
import { replyWithStaff } from "./staff-reply.ts";
import type { StaffRouteDeps } from "./staff-route-deps.ts";
import { oneStaffScope, staffNotFound } from "./staff-scope.ts";

/** ERROR_050 naming what stands in the way: the SLP's status, or their link's state while pending. */
const notNow = (status: string, reason: string): ApiFailure => apiFailure(400, "ERROR_050", reason, { field: "status", placeholders: { status } });

type Refusal = { readonly failure: ApiFailure; readonly reason: string };

/** The SLP's account, locked for the change: status, address, first name. */
const lockedPending = async (tx: Database, staffId: number) => {
  const [row] = await tx
    .select({ status: staff.status, version: staff.version, email: users.email, firstName: users.firstName })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.id, staffId), isNull(users.archivedAt)))
    .for("update");
  return row;
};

/**
 * A pending SLP's invitation (docs/invitations.md): resend issues a new 72-hour link and kills
 * the old one (only while pending and before a link was used; a minute apart, else 429
 * ERROR_012); revoke withdraws the open link (the account stays pending). Both ERROR_050 otherwise.
 */
export const registerStaffInvitationRoutes = (app: FastifyInstance, deps: StaffRouteDeps): void => {
  const { db, clock, keys } = deps;
  const scopeOfId = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => oneStaffScope(db, principal, params.id);

  routeEndpoint(
    app,
    deps,
    resendStaffInvitationEndpoint,
    {
      access: { resource: "staff", action: "partial_update" },
      doc: {
        summary: "Send a pending SLP a new invitation link; the old one stops working",
        scope: "institution-records",
        errors: { 400: ["ERROR_050"], 403: ["ERROR_001"], 404: ["ERROR_030"], 429: ["ERROR_012"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "resend_invitation", resource: "staff" },
      scope: scopeOfId,
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.staffId);
      const version = versionOfRequest(request, body?.version ?? undefined);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const now = clock.now();
      const outcome = await db.transaction(async (tx: Database): Promise<Refusal | IssuedLink> => {
        const before = await lockedPending(tx, scope.staffId);
        if (before === undefined) return { failure: staffNotFound(), reason: "outside_scope" };
        if (expected !== undefined && before.version !== expected) return { failure: staleVersionFailure(expected), reason: "stale_version" };
        if (before.status !== STAFF_STATUS.pending) return { failure: notNow(before.status, "only a pending SLP is invited"), reason: "status_not_allowed" };
        // Once they chose a password, a new link would be a second way to set it.
        const issuable = checkInvitationIssuable({ hasPassword: await holdsPassword(tx, scope.userId) });
        if (!issuable.ok) return { failure: fromDomainFailure(400, issuable, "the SLP already has a password"), reason: "invitation_used" };
        const cooldown = await checkResendCooldown(tx, scope.userId, now);
        if (cooldown !== undefined) return { failure: cooldown, reason: "resend_cooldown" };
        const issued = await issueInvitation(tx, keys, { userId: scope.userId, invitedByUserId: principal.userId, email: before.email, now });
        if (!issued.ok) return { failure: fromDomainFailure(400, issued, "the SLP already has a password"), reason: "invitation_used" };
        await audit("success", null, resourceId, tx);
        return { to: before.email, firstName: before.firstName, token: issued.token, invitedByUserId: principal.userId, institutionId: scope.institutionId };
      });
      if ("failure" in outcome) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      await mailStaffInvitation(deps, outcome);
      return replyWithStaff(db, reply, scope.staffId, clock.now());
    },
  );

  routeEndpoint(
    app,
    deps,
    revokeStaffInvitationEndpoint,
    {
      access: { resource: "staff", action: "partial_update" },
      doc: {
        summary: "Withdraw a pending SLP's open invitation link; the account stays pending until a new one is sent or it is deleted",
        scope: "institution-records",
        errors: { 400: ["ERROR_050"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
        etag: true,
      },
      audit: { action: "revoke_invitation", resource: "staff" },
      scope: scopeOfId,
    },
    async ({ scope, audit, refuse }, _request, reply) => {
      const resourceId = String(scope.staffId);
      const now = clock.now();
      const refusal = await db.transaction(async (tx: Database): Promise<Refusal | undefined> => {
        const before = await lockedPending(tx, scope.staffId);
        if (before === undefined) return { failure: staffNotFound(), reason: "outside_scope" };
        if (before.status !== STAFF_STATUS.pending) return { failure: notNow(before.status, "only a pending SLP has a link to withdraw"), reason: "status_not_allowed" };
        const latest = (await invitationSummaries(tx, [scope.userId], now)).get(scope.userId);
        if (latest?.state !== "open") return { failure: notNow(latest?.state ?? "not invited", "no open link to withdraw"), reason: "no_open_invitation" };
        await revokeInvitations(tx, scope.userId, now);
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (refusal !== undefined) return refuse(refusal.failure, refusal.failure.status === 404 ? "denied" : "failure", refusal.reason, resourceId);
      return replyWithStaff(db, reply, scope.staffId, clock.now());
    },
  );
};
