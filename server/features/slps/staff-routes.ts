import { changedFields } from "../../audit/audit-changes.ts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ROLE } from "../../../domain/shared/roles.ts";
import { checkNewEmail } from "../../../domain/shared/statuses/email-change.ts";
import { STAFF_STATUS, canChangeEmail } from "../../../domain/shared/statuses/staff-status.ts";
import { createStaffEndpoint, getStaffEndpoint, updateStaffEndpoint } from "../../../domain/slps/staff-endpoints.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import type { Database } from "../../db/database.ts";
import { roles } from "../../db/schema/roles.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest } from "../../http/record-version.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import { issueInvitation, revokeInvitations } from "../invitations/index.ts";
import { type StaffContact, NO_CONTACT, checkStaffContact, contactFromWrite, touchedContact } from "./staff-contact.ts";
import { unlessUniqueViolation } from "../../db/unique-violation.ts";
import { LIVE_ACCOUNT_EMAIL_INDEX, accountEmailTaken, checkAccountEmail } from "../../people/account-email.ts";
import { type IssuedLink, mailStaffInvitation } from "./staff-invitation-mail.ts";
import { replyWithStaff } from "./staff-reply.ts";
import type { StaffRouteDeps } from "./staff-route-deps.ts";
import { oneStaffScope, ownInstitution, staffNotFound } from "./staff-scope.ts";

const ERRORS_403 = ["ERROR_001"] as const;
const NOT_FOUND = { 404: ["ERROR_030"] } as const;
/** The contact block's and the address's own codes (create and patch share them). */
const FORM_ERRORS = ["ERROR_002", "ERROR_021", "ERROR_022", "ERROR_030", "ERROR_031", "ERROR_076"] as const;

/** A change that lost a race on the living-account e-mail index reads as the rule's own answer (ERROR_031). */
const catchingDuplicateEmail = <A>(change: () => Promise<A>): Promise<A | "duplicate_email"> =>
  unlessUniqueViolation(LIVE_ACCOUNT_EMAIL_INDEX, change, () => "duplicate_email" as const);

const storedContact = (contact: StaffContact) => ({
  address1: contact.address1,
  address2: contact.address2,
  cityId: contact.cityId,
  stateId: contact.stateId,
  countryId: contact.countryId,
  zipCode: contact.zipCode,
});

/** The audit reason of a refused e-mail: outside the domains or taken. */
const emailReason = (failure: ApiFailure): string => (failure.failure.code === "ERROR_031" ? "duplicate_email" : "email_outside_domains");

type Outcome = { readonly failure: ApiFailure; readonly reason: string } | { readonly link: IssuedLink | undefined };

/**
 * The SLP's own record (spec section 7, staff): one SLP with contact information, caseload and
 * invitation; invite a new one (pending, role staff, an e-mailed link); change names, contact and,
 * while pending, the address (a new link goes to it, the old one dies). Institution and staff
 * administrators reach their own institution's SLPs; any other id is 404. Every call is audited,
 * a change's row in its transaction; links are mailed after the change commits.
 */
export const registerStaffRecordRoutes = (app: FastifyInstance, deps: StaffRouteDeps): void => {
  const { db, clock, keys } = deps;
  const scopeOfId = (principal: Principal, { params }: { readonly params: { readonly id: number } }) => oneStaffScope(db, principal, params.id);

  routeEndpoint(
    app,
    deps,
    getStaffEndpoint,
    {
      access: { resource: "staff", action: "retrieve" },
      doc: { summary: "One SLP of the caller's institution: contact information, caseload and, while pending, their invitation", scope: "institution-records", errors: { 403: ERRORS_403, ...NOT_FOUND }, etag: true },
      audit: { action: "read", resource: "staff" },
      scope: scopeOfId,
    },
    async ({ scope, audit }, _request, reply) => {
      await audit("success", null, String(scope.staffId));
      return replyWithStaff(db, reply, scope.staffId, clock.now());
    },
  );

  routeEndpoint(
    app,
    deps,
    createStaffEndpoint,
    {
      access: { resource: "staff", action: "create" },
      doc: {
        summary: "Invite a new SLP to the caller's institution: a pending account (role staff) and a 72-hour link mailed to them",
        scope: "own-institution",
        errors: { 400: ["ERROR_025", ...FORM_ERRORS], 403: ERRORS_403 },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "staff" },
      scope: ownInstitution,
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ principal, input: { body }, scope: institutionId, audit, refuse }, _request, reply) => {
      const contact = await checkStaffContact(db, contactFromWrite(NO_CONTACT, body.contact_info), null, { phone: true, postal: true });
      if (!contact.ok) return refuse(contact.failure, "failure", "contact_rules");
      const emailFailure = await checkAccountEmail(db, { institutionId, email: body.email, exceptUserId: null, outsideCode: "ERROR_022" });
      if (emailFailure !== undefined) return refuse(emailFailure, "failure", emailReason(emailFailure));
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, ROLE.staff)).limit(1);
      if (role === undefined) return refuse(apiFailure(400, "ERROR_025", "no staff role in the roles table", { field: "role" }), "failure", "unknown_role");
      const now = clock.now();
      const created = await catchingDuplicateEmail(() =>
        db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: body.email,
              firstName: body.first_name,
              lastName: body.last_name,
              phone: contact.value.phone,
              roleId: role.id,
              institutionId,
              // The invitation sets the first password; until then there is none to change.
              changePassword: true,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id });
          if (user === undefined) throw new Error("user insert returned no row");
          const [row] = await tx
            .insert(staff)
            .values({ userId: user.id, institutionId, status: STAFF_STATUS.pending, ...storedContact(contact.value), createdAt: now })
            .returning({ id: staff.id });
          if (row === undefined) throw new Error("staff insert returned no row");
          const issued = await issueInvitation(tx, keys, { userId: user.id, invitedByUserId: principal.userId, email: body.email, now });
          if (!issued.ok) throw new Error("a new account already has a password");
          await audit("success", null, String(row.id), tx);
          return { staffId: row.id, token: issued.token };
        }),
      );
      if (created === "duplicate_email") return refuse(accountEmailTaken(), "failure", "duplicate_email");
      await mailStaffInvitation(deps, { to: body.email, firstName: body.first_name, token: created.token, invitedByUserId: principal.userId, institutionId });
      return replyWithStaff(db, reply, created.staffId, clock.now(), 201);
    },
  );

  routeEndpoint(
    app,
    deps,
    updateStaffEndpoint,
    {
      access: { resource: "staff", action: "partial_update" },
      doc: {
        summary: "Change an SLP's names and contact information (only the keys sent), and while pending their address (a new link goes to it); If-Match or `version` refuses a stale edit (412)",
        scope: "institution-records",
        errors: { 400: ["ERROR_047", "ERROR_053", ...FORM_ERRORS], 403: ERRORS_403, ...NOT_FOUND, ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "staff" },
      scope: scopeOfId,
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.staffId);
      const { version: bodyVersion, ...patch } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const now = clock.now();
      const outcome = await catchingDuplicateEmail(() =>
        db.transaction(async (tx: Database): Promise<Outcome> => {
          const [before] = await tx
            .select({
              status: staff.status,
              version: staff.version,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              phone: users.phone,
              address1: staff.address1,
              address2: staff.address2,
              cityId: staff.cityId,
              stateId: staff.stateId,
              countryId: staff.countryId,
              zipCode: staff.zipCode,
            })
            .from(staff)
            .innerJoin(users, eq(users.id, staff.userId))
            .where(and(eq(staff.id, scope.staffId), isNull(users.archivedAt)))
            .for("update");
          if (before === undefined) return { failure: staffNotFound(), reason: "outside_scope" };
          if (expected !== undefined && before.version !== expected) return { failure: staleVersionFailure(expected), reason: "stale_version" };
          let newEmail: string | undefined;
          if (patch.email !== undefined) {
            const change = checkNewEmail(canChangeEmail(before.status), before.email, patch.email);
            if (!change.ok) return { failure: fromDomainFailure(400, change, "e-mail change refused"), reason: change.code === "ERROR_047" ? "same_email" : "email_locked" };
            const emailFailure = await checkAccountEmail(tx, { institutionId: scope.institutionId, email: change.value, exceptUserId: scope.userId, outsideCode: "ERROR_022" });
            if (emailFailure !== undefined) return { failure: emailFailure, reason: emailReason(emailFailure) };
            newEmail = change.value;
          }
          const contact = await checkStaffContact(tx, contactFromWrite(before, patch.contact_info), scope.userId, touchedContact(patch.contact_info));
          if (!contact.ok) return { failure: contact.failure, reason: "contact_rules" };
          await tx
            .update(users)
            .set({
              ...(patch.first_name === undefined ? {} : { firstName: patch.first_name }),
              ...(patch.last_name === undefined ? {} : { lastName: patch.last_name }),
              ...(newEmail === undefined ? {} : { email: newEmail }),
              phone: contact.value.phone,
              version: nextVersion(users.version),
              updatedAt: now,
            })
            .where(eq(users.id, scope.userId));
          await tx
            .update(staff)
            .set({ ...storedContact(contact.value), version: nextVersion(staff.version) })
            .where(eq(staff.id, scope.staffId));
          // Someone who already chose a password keeps it and signs in with the new address: a link
          // would be a second way to set it (docs/invitations.md). Links to the old address die.
          const invite = newEmail !== undefined && !(await holdsPassword(tx, scope.userId));
          if (newEmail !== undefined && !invite) await revokeInvitations(tx, scope.userId, now);
          const issued = newEmail === undefined || !invite ? undefined : await issueInvitation(tx, keys, { userId: scope.userId, invitedByUserId: principal.userId, email: newEmail, now });
          const after = { firstName: patch.first_name ?? before.firstName, lastName: patch.last_name ?? before.lastName, email: newEmail ?? before.email, phone: contact.value.phone, ...storedContact(contact.value) };
          await audit("success", newEmail === undefined ? null : "email_changed", resourceId, tx, changedFields(before, after));
          const link: IssuedLink | undefined =
            issued === undefined || !issued.ok || newEmail === undefined
              ? undefined
              : { to: newEmail, firstName: patch.first_name ?? before.firstName, token: issued.token, invitedByUserId: principal.userId, institutionId: scope.institutionId };
          return { link };
        }),
      );
      if (outcome === "duplicate_email") return refuse(accountEmailTaken(), "failure", "duplicate_email", resourceId);
      if ("failure" in outcome) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      if (outcome.link !== undefined) await mailStaffInvitation(deps, outcome.link);
      return replyWithStaff(db, reply, scope.staffId, clock.now());
    },
  );
};
