import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { acceptInvitationEndpoint, lookupInvitationEndpoint } from "../../../domain/invitations/index.ts";
import { validatePasswordConfirmation, validatePasswordLength } from "../../../domain/shared/validators/password.ts";
import { findAccount, signInBlock } from "../../auth/accounts.ts";
import type { AuthKeys } from "../../auth/auth-keys.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { passwordRuleReason, passwordStrengthFailure, storePassword } from "../../auth/password-change.ts";
import { hashPassword } from "../../auth/password-hash.ts";
import type { PasswordHashCost } from "../../auth/password-hash-cost.ts";
import { clearGuard, guardKey } from "../../auth/sign-in-guard.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { authTrail, noScope } from "../../http/open-route.ts";
import { findInvitation, revokeInvitations, useInvitation } from "./invitation-store.ts";

type Deps = { readonly db: Database; readonly clock: Clock; readonly keys: AuthKeys; readonly passwordHashCost: PasswordHashCost };

/** A link that cannot be followed any more, in the terms the landing page explains. */
const closedLink = (reason: string) => apiFailure(400, "ERROR_056", reason, { field: "token" });

/**
 * The invitation landing page's two public calls (docs/invitations.md). lookup says what a link
 * stands for: the invited person's name, address and institution while it is open, only its
 * state otherwise (an unknown token tells nothing about anyone). accept sets the person's first
 * password (the password rules) and uses the link up; the account stays pending until their first
 * complete sign-in with a second factor. Both are rate-limited per address and audited on the
 * auth trail; the token travels in the body, never in a URL.
 */
export const registerInvitationRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock, keys, passwordHashCost } = deps;

  routeEndpoint(
    app,
    deps,
    lookupInvitationEndpoint,
    {
      access: { public: true },
      caller: "public",
      audit: authTrail(),
      scope: noScope,
      rateLimit: IP_LIMITS.invitationLookup,
      doc: { summary: "What an invitation link stands for (who, which institution, until when), or why it no longer works", scope: "none", errors: {} },
    },
    async ({ input: { body }, trail }) => {
      const now = clock.now();
      const found = await findInvitation(db, keys, body.token, now);
      if (!found.found) {
        await trail({ action: "auth.invitation_lookup", outcome: "failure", userId: null, institutionId: null, reason: "unknown_token" });
        return { state: "unknown" as const };
      }
      const account = await findAccount(db, found.userId);
      const who = { userId: found.userId, institutionId: account?.institutionId ?? null };
      if (found.state !== "open" || account === undefined || signInBlock(account) !== undefined) {
        const state = found.state === "open" ? ("revoked" as const) : found.state;
        await trail({ ...who, action: "auth.invitation_lookup", outcome: "failure", reason: `${state}_token` });
        return { state };
      }
      const [institution] =
        account.institutionId === null ? [] : await db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, account.institutionId)).limit(1);
      await trail({ ...who, action: "auth.invitation_lookup", outcome: "success" });
      return {
        state: "open" as const,
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        institution_name: institution?.name ?? "",
        expires_at: found.expiresAt.toISOString(),
      };
    },
  );

  routeEndpoint(
    app,
    deps,
    acceptInvitationEndpoint,
    {
      access: { public: true },
      caller: "public",
      audit: authTrail(),
      scope: noScope,
      rateLimit: IP_LIMITS.invitationAccept,
      doc: {
        summary: "Accepts an invitation: the invited person's first password; the link is used up and they sign in next",
        scope: "none",
        errors: { 400: ["ERROR_006", "ERROR_007", "ERROR_008", "ERROR_056"] },
      },
    },
    async ({ input: { body }, trail }, _request, reply) => {
      const now = clock.now();
      const { token, new_password: password, new_password_confirmation: confirmation } = body;
      const found = await findInvitation(db, keys, token, now);
      const account = found.found ? await findAccount(db, found.userId) : undefined;
      const who = { userId: account?.id ?? null, institutionId: account?.institutionId ?? null };
      const refuse = async (reason: string) => {
        await trail({ ...who, action: "auth.invitation_accept", outcome: "failure", reason });
        return replyWithFailure(reply, closedLink(reason));
      };
      if (!found.found || account === undefined) return refuse("unknown_token");
      if (found.state !== "open") return refuse(`${found.state}_token`);
      if (signInBlock(account) !== undefined) return refuse("account_closed");

      const length = validatePasswordLength(password);
      const matches = validatePasswordConfirmation(password, confirmation);
      const rule = !length.ok ? length : !matches.ok ? matches : undefined;
      if (rule !== undefined) {
        await trail({ ...who, action: "auth.invitation_accept", outcome: "failure", reason: passwordRuleReason(rule.code) });
        return replyWithFailure(reply, fromDomainFailure(400, rule, "password refused"));
      }
      const weak = await passwordStrengthFailure(db, password, account);
      if (weak !== undefined) {
        await trail({ ...who, action: "auth.invitation_accept", outcome: "failure", reason: "weak_password" });
        return replyWithFailure(reply, weak);
      }
      const hash = await hashPassword(password, passwordHashCost);
      const accepted = await db.transaction(async (tx) => {
        if (!(await useInvitation(tx, found.id, now))) return false;
        // Any other link of theirs dies: the account now has a password.
        await revokeInvitations(tx, account.id, now);
        await storePassword(tx, account.id, hash, now);
        await clearGuard(tx, guardKey(account.email));
        await trail({ ...who, action: "auth.invitation_accept", outcome: "success" }, tx);
        return true;
      });
      if (!accepted) return refuse("used_token");
      return { email: account.email };
    },
  );
};


