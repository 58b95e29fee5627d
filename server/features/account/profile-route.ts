import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { fail } from "../../../domain/shared/result.ts";
import { validatePhone } from "../../../domain/shared/validators/phone.ts";
import { validateProfileName } from "../../../domain/account/profile-name.ts";
import { updateProfileEndpoint } from "../../../domain/account/account-endpoints.ts";
import { phoneUsedByAnother } from "../../auth/accounts.ts";
import { authFailures } from "../../auth/auth-failures.ts";
import { findEnrolment } from "../../auth/mfa-enrolments.ts";
import { administrators, staff, users } from "../../db/schema/users.ts";
import { type ApiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { isStaleVersion } from "../../../domain/shared/record-version.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { ownAccountScope } from "../../auth/own-account-scope.ts";
import { replyWithCurrentUser } from "./current-user.ts";

/**
 * While SMS is a confirmed second factor the profile phone is the number codes go to (sign-in
 * falls back to it), so it may not change without a code from the new number: the person
 * removes SMS verification and adds it again with the new number (which also updates the profile).
 */
const smsPhoneLocked = (): ApiFailure =>
  fromDomainFailure(
    400,
    fail("ERROR_050", "The phone number cannot change while SMS verification is on: remove SMS verification, then add it again with the new number", {
      field: "phone",
      placeholders: { status: "sms verification on" },
    }),
    "profile phone change refused: SMS is a confirmed second factor",
  );

type Changes = { firstName?: string; lastName?: string; phone?: string | null };

/**
 * PATCH users/me/: a signed-in person edits their own names and profile phone (any role).
 * Absent fields stay as they are; the answer is the updated record, as GET users/me/ shows it.
 * With If-Match or `version` a record changed since (in another tab) is not overwritten: 412.
 * A change moves the user's version and their administrator or staff record's too, whose
 * forms show the same names (docs/api.md, "Versions and concurrent edits").
 */
export const registerProfileRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock } = deps;

  routeEndpoint(app, deps, updateProfileEndpoint, { access: { signedIn: true }, audit: { action: "update", resource: "user", resourceId: (caller) => String(caller.userId) }, scope: ownAccountScope(db), doc: { summary: "Changes one's own names and phone number; If-Match or `version` refuses a stale edit (412)", scope: "caller", errors: { 400: ["ERROR_002", "ERROR_003", "ERROR_004", "ERROR_021", "ERROR_050"], ...STALE_VERSION_ERRORS }, etag: true } }, async ({ scope: account, principal, input: { body }, audit, refuse: refuseAs }, request, reply) => {
    const now = clock.now();
    const refuse = (reason: string, failure: ApiFailure) => refuseAs(failure, "failure", reason);
    const { version: bodyVersion, ...patch } = body;
    const version = versionOfRequest(request, bodyVersion);
    if (!version.ok) return refuse("invalid_version", version.failure);
    const expected = version.value;
    const changes: Changes = {};
    for (const field of ["first_name", "last_name"] as const) {
      const text = patch[field];
      if (text === undefined) continue;
      const name = validateProfileName(text, field);
      if (!name.ok) return refuse(`invalid_${field}`, fromDomainFailure(400, name, `${field} refused`));
      if (field === "first_name") changes.firstName = name.value;
      else changes.lastName = name.value;
    }
    if (patch.phone !== undefined) {
      const phone = validatePhone(patch.phone, { required: false });
      if (!phone.ok) return refuse("invalid_phone", fromDomainFailure(400, phone, "phone refused"));
      if (phone.value !== account.phone) {
        const sms = await findEnrolment(db, deps.keys, account.id, "sms");
        if (sms?.confirmedAt != null) return refuse("sms_phone_locked", smsPhoneLocked());
        if (phone.value !== null && (await phoneUsedByAnother(db, account.id, phone.value))) return refuse("phone_taken", authFailures.phoneTaken());
        changes.phone = phone.value;
      }
    }

    if (Object.keys(changes).length > 0) {
      const written = await db.transaction(async (tx) => {
        const moved = await tx
          .update(users)
          .set({ ...changes, updatedAt: now, version: nextVersion(users.version) })
          .where(and(eq(users.id, principal.userId), whileAtVersion(users.version, expected)))
          .returning({ id: users.id });
        if (moved.length === 0) return false;
        await tx.update(administrators).set({ version: nextVersion(administrators.version) }).where(eq(administrators.userId, principal.userId));
        await tx.update(staff).set({ version: nextVersion(staff.version) }).where(eq(staff.userId, principal.userId));
        // The reason names which fields changed, never their values.
        await audit("success", Object.keys(changes).join(","), undefined, tx);
        return true;
      });
      if (!written && expected !== undefined) return refuse("stale_version", staleVersionFailure(expected));
    } else if (expected !== undefined && isStaleVersion(expected, account.version)) {
      // Nothing would change, but the form was filled from an older record: the person should see the newer one.
      return refuse("stale_version", staleVersionFailure(expected));
    }
    return replyWithCurrentUser(db, reply, account.id);
  });
};
