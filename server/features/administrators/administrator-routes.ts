import { changedFields } from "../../audit/audit-changes.ts";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  createAdministratorEndpoint,
  getAdministratorEndpoint,
  listAdministratorsEndpoint,
  updateAdministratorEndpoint,
} from "../../../domain/administrators/administrators-endpoints.ts";
import { ADMINISTRATOR_STATUS, canChangeEmail } from "../../../domain/shared/statuses/administrator-status.ts";
import { checkNewEmail } from "../../../domain/shared/statuses/email-change.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { roles } from "../../db/schema/roles.ts";
import { administrators, users } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { ownInstitutionScope } from "../../http/institution-scope.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import { revokeInvitations } from "../invitations/index.ts";
import { type InvitationDeps, type IssuedLink, issueAdministratorLink, mailInvitation } from "./administrator-invitation.ts";
import { liveInstitutionAdministrator, loadAdministrator, selectAdministrators, toAdministrators } from "./administrator-record.ts";
import { accountEmailTaken, checkAccountEmail } from "../../people/account-email.ts";
import { duplicateEmailAsFailure, lockedAdministrator, lostEmailRace } from "./administrator-rules.ts";
import { administratorListScope, administratorNotFound, oneAdministratorScope } from "./administrator-scope.ts";

export type AdministratorRouteDeps = { readonly db: Database; readonly clock: Clock } & InvitationDeps;

const FORBIDDEN = { 403: ["ERROR_001"] } as const;
const NOT_FOUND = { 404: ["ERROR_030"] } as const;

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The answer after a change: the administrator as GET returns it, its version as the ETag. */
export const replyWithAdministrator = async (db: Database, clock: Clock, reply: FastifyReply, administratorId: number, status = 200): Promise<FastifyReply> => {
  const record = await loadAdministrator(db, administratorId, clock.now());
  if (record === undefined) return replyWithFailure(reply, administratorNotFound());
  return sendVersionTag(reply, record.version).code(status).send(record);
};

/**
 * The administrators list, one administrator, creating one (pending, invited by e-mail) and
 * changing their names or, while pending, their e-mail (a new link goes to the new address and
 * the old one dies). docs/administration.md.
 */
export const registerAdministratorRecordRoutes = (app: FastifyInstance, deps: AdministratorRouteDeps): void => {
  const { db, clock, keys } = deps;

  routeEndpoint(
    app,
    deps,
    listAdministratorsEndpoint,
    {
      access: { resource: "administrator", action: "list" },
      doc: {
        summary: "One page of administrators by name (search first name, last name or e-mail): the super administrator any institution's or, naming none, all; others their own",
        scope: "own-institution",
        errors: { ...FORBIDDEN, ...NOT_FOUND },
      },
      audit: { action: "list", resource: "administrator" },
      scope: (principal, { query }) => administratorListScope(db, principal, query.institution),
    },
    async ({ input: { query }, scope, audit }) => {
      const text = (query.search ?? "").trim();
      const pattern = `%${escapeLike(text)}%`;
      const matches =
        text === ""
          ? undefined
          : sql`(patient_fold(${users.firstName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.lastName}) like patient_fold(${pattern}) escape '\\' or patient_fold(${users.email}) like patient_fold(${pattern}) escape '\\')`;
      const where = and(scope.institutionId === null ? isNotNull(administrators.institutionId) : eq(administrators.institutionId, scope.institutionId), matches);
      const [rows, [total]] = await Promise.all([
        selectAdministrators(db, where)
          .orderBy(asc(sql`patient_fold(${users.firstName}) collate "C"`), asc(sql`patient_fold(${users.lastName}) collate "C"`), asc(administrators.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: count() }).from(administrators).innerJoin(users, eq(users.id, administrators.userId)).where(and(liveInstitutionAdministrator, where)),
      ]);
      const results = await toAdministrators(db, rows, clock.now());
      await audit("success", null, scope.institutionId === null ? null : String(scope.institutionId));
      const totalRows = total?.total ?? 0;
      return { current_page: query.page, total_pages: Math.ceil(totalRows / query.page_size), count: totalRows, results };
    },
  );

  routeEndpoint(
    app,
    deps,
    getAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "retrieve" },
      doc: { summary: "One administrator, with their invitation while pending", scope: "institution-records", errors: { ...FORBIDDEN, ...NOT_FOUND }, etag: true },
      audit: { action: "read", resource: "administrator" },
      scope: (principal, { params }) => oneAdministratorScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const record = await loadAdministrator(db, scope.administratorId, clock.now());
      if (record === undefined) return replyWithFailure(reply, administratorNotFound());
      await audit("success", null, String(scope.administratorId));
      return sendVersionTag(reply, record.version).send(record);
    },
  );

  routeEndpoint(
    app,
    deps,
    createAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "create" },
      doc: {
        summary: "Invite a new administrator (pending) to an institution: the e-mail inside its allowed domains and not used by a living account; a 72-hour link is e-mailed",
        scope: "own-institution",
        errors: { 400: ["ERROR_020", "ERROR_025", "ERROR_031"], ...FORBIDDEN, ...NOT_FOUND },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "administrator" },
      scope: (principal, { body }) => ownInstitutionScope(db, principal, body.institution),
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ input: { body }, principal, scope, audit, refuse }, _request, reply) => {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, body.role)).limit(1);
      if (role === undefined) return refuse(apiFailure(400, "ERROR_025", `no ${body.role} role is set up`, { field: "role" }), "failure", "unknown_role");
      const emailFailure = await checkAccountEmail(db, { institutionId: scope.institutionId, email: body.email, exceptUserId: null, outsideCode: "ERROR_020" });
      if (emailFailure !== undefined) return refuse(emailFailure, "failure", "email_rules");
      const created = await duplicateEmailAsFailure(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const [user] = await tx
            .insert(users)
            .values({
              email: body.email,
              firstName: body.first_name,
              lastName: body.last_name,
              roleId: role.id,
              institutionId: scope.institutionId,
              // Their first password is the one they choose through the link.
              changePassword: true,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id });
          if (user === undefined) throw new Error("user insert returned no row");
          const [administrator] = await tx
            .insert(administrators)
            .values({ userId: user.id, institutionId: scope.institutionId, status: ADMINISTRATOR_STATUS.pending, createdAt: now })
            .returning({ id: administrators.id });
          if (administrator === undefined) throw new Error("administrator insert returned no row");
          const link = await issueAdministratorLink(tx, keys, {
            userId: user.id,
            email: body.email,
            firstName: body.first_name,
            institutionId: scope.institutionId,
            invitedByUserId: principal.userId,
            now,
          });
          if ("code" in link) throw new Error("a new account already has a password");
          await audit("success", null, String(administrator.id), tx);
          return { administratorId: administrator.id, link };
        }),
      );
      if (lostEmailRace(created)) return refuse(accountEmailTaken(), "failure", "duplicate_email");
      await mailInvitation(deps, created.link);
      return replyWithAdministrator(db, clock, reply, created.administratorId, 201);
    },
  );

  routeEndpoint(
    app,
    deps,
    updateAdministratorEndpoint,
    {
      access: { resource: "administrator", action: "partial_update" },
      doc: {
        summary:
          "Change an administrator's names (only the keys sent) and, while pending, their e-mail (another address, inside the allowed domains, unused): a new link goes to it and the old one dies; If-Match or `version` refuses a stale edit (412)",
        scope: "institution-records",
        errors: { 400: ["ERROR_020", "ERROR_031", "ERROR_047", "ERROR_053", "ERROR_056"], ...FORBIDDEN, ...NOT_FOUND, ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "administrator" },
      scope: (principal, { params }) => oneAdministratorScope(db, principal, params.id),
      rateLimit: IP_LIMITS.invitationSend,
    },
    async ({ input: { body }, principal, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.administratorId);
      const { version: bodyVersion, ...patch } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await duplicateEmailAsFailure(() =>
        db.transaction(async (tx) => {
          const before = await lockedAdministrator(tx, scope);
          if (before === undefined) return { failure: administratorNotFound(), reason: "outside_scope" };
          let newEmail: string | undefined;
          if (patch.email !== undefined) {
            const change = checkNewEmail(canChangeEmail(before.status), before.email, patch.email);
            if (!change.ok) return { failure: fromDomainFailure(400, change, "e-mail change refused"), reason: "email_locked" };
            const emailFailure = await checkAccountEmail(tx, { institutionId: scope.institutionId, email: change.value, exceptUserId: scope.userId, outsideCode: "ERROR_020" });
            if (emailFailure !== undefined) return { failure: emailFailure, reason: "email_rules" };
            newEmail = change.value;
          }
          // The version check is the first write: a stale edit changes nothing.
          const written = await tx
            .update(administrators)
            .set({ version: nextVersion(administrators.version) })
            .where(and(eq(administrators.id, scope.administratorId), whileAtVersion(administrators.version, expected)))
            .returning({ id: administrators.id });
          if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), reason: "stale_version" };
          const now = clock.now();
          await tx
            .update(users)
            .set({
              ...(patch.first_name === undefined ? {} : { firstName: patch.first_name }),
              ...(patch.last_name === undefined ? {} : { lastName: patch.last_name }),
              ...(newEmail === undefined ? {} : { email: newEmail }),
              version: nextVersion(users.version),
              updatedAt: now,
            })
            .where(eq(users.id, scope.userId));
          // Someone who already chose a password keeps it and signs in with the new address: a link
          // would be a second way to set it (docs/invitations.md). Links to the old address die.
          const invite = newEmail !== undefined && !(await holdsPassword(tx, scope.userId));
          if (newEmail !== undefined && !invite) await revokeInvitations(tx, scope.userId, now);
          const issued =
            newEmail === undefined || !invite
              ? undefined
              : await issueAdministratorLink(tx, keys, {
                  userId: scope.userId,
                  email: newEmail,
                  firstName: patch.first_name ?? before.firstName,
                  institutionId: scope.institutionId,
                  invitedByUserId: principal.userId,
                  now,
                });
          const link: IssuedLink | undefined = issued === undefined || "code" in issued ? undefined : issued;
          const after = { first_name: patch.first_name ?? before.firstName, last_name: patch.last_name ?? before.lastName, email: newEmail ?? before.email };
          await audit("success", null, resourceId, tx, changedFields({ first_name: before.firstName, last_name: before.lastName, email: before.email }, after));
          return { link };
        }),
      );
      if (lostEmailRace(outcome)) return refuse(accountEmailTaken(), "failure", "duplicate_email", resourceId);
      if (outcome.failure !== undefined) return refuse(outcome.failure, outcome.failure.status === 404 ? "denied" : "failure", outcome.reason, resourceId);
      if (outcome.link !== undefined) await mailInvitation(deps, outcome.link);
      return replyWithAdministrator(db, clock, reply, scope.administratorId);
    },
  );
};
