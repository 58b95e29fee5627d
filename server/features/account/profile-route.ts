import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { fail } from "../../../domain/shared/result.ts";
import { validatePhone } from "../../../domain/shared/validators/phone.ts";
import { validateProfileName } from "../../../domain/account/profile-name.ts";
import { PROFILE_PATCH_FIELD_CODES, ProfilePatchBody } from "../../../domain/account/account-wire.ts";
import { phoneUsedByAnother } from "../../auth/accounts.ts";
import { authFailures } from "../../auth/auth-failures.ts";
import { findEnrolment } from "../../auth/mfa-enrolments.ts";
import { users } from "../../db/schema/users.ts";
import { type ApiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { ACCOUNT_BASE } from "./account-base.ts";
import { openAccountRoute } from "../../auth/open-account-route.ts";
import { replyWithCurrentUser } from "./current-user.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";

const decodePatch = decodeRequest(ProfilePatchBody, "body", PROFILE_PATCH_FIELD_CODES);

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
 */
export const registerProfileRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock } = deps;

  const opened = openAccountRoute(deps, decodePatch, { audit: { action: "update", resource: "user", resourceId: (caller) => String(caller.userId) } });

  app.patch(`${ACCOUNT_BASE}/`, { config: { decodes: [decodePatch], access: { signedIn: true }, doc: { summary: "Changes one's own names and phone number", scope: "caller", errors: { 400: ["ERROR_002", "ERROR_003", "ERROR_004", "ERROR_021", "ERROR_050"] }, response: CurrentUser } } }, opened(async ({ account, principal, audit, refuse: refuseAs }, patch, _request, reply) => {
    const now = clock.now();
    const refuse = (reason: string, failure: ApiFailure) => refuseAs(failure, "failure", reason);
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
      await db.transaction(async (tx) => {
        await tx.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, principal.userId));
        // The reason names which fields changed, never their values.
        await audit("success", Object.keys(changes).join(","), undefined, tx);
      });
    }
    return replyWithCurrentUser(db, reply, account.id);
  }));
};
