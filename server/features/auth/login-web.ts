import type { FastifyInstance } from "fastify";
import * as Schema from "effect/Schema";
import { Email, PasswordText } from "../../../domain/shared/wire/text-fields.ts";
import { signToken } from "../../auth/access-tokens.ts";
import { authUserOf, findAccountByEmail, signInBlock } from "../../auth/accounts.ts";
import { authFailures, replyLocked } from "../../auth/auth-failures.ts";
import { IP_LIMITS } from "../../auth/auth-policy.ts";
import { basicCredentials } from "../../auth/authorization-header.ts";
import { dummyPasswordHash } from "../../auth/dummy-password.ts";
import { verifyPassword } from "../../auth/password-hash.ts";
import { createPreAuthSession } from "../../auth/sessions.ts";
import { clearPasswordFailures, guardKey, lockStatus, readGuard } from "../../auth/sign-in-guard.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import type { AuthRouteDeps } from "../../auth/auth-route-deps.ts";
import { countFailure } from "../../auth/count-failure.ts";
import { loginWebEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { authTrail, noScope } from "../../http/open-route.ts";

const isEmail = Schema.is(Email);
const isPassword = Schema.is(PasswordText);

/**
 * POST authentication/login_web/ (Basic email:password): a pre-authentication token and the
 * person's second-factor state. Every way of failing (unknown address, wrong password, no
 * password yet, deactivated or deleted account) gives the same 401 ERROR_005 after the same
 * argon2 work; only the audit trail says which. A locked account answers 429 ERROR_012.
 * The one route without a body decoder: its credentials come in the Basic header, checked below
 * (the route registry test names this exception).
 */
export const registerLoginWebRoute = (app: FastifyInstance, deps: AuthRouteDeps): void => {
  const { db, clock, keys, passwordHashCost } = deps;
  routeEndpoint(
    app,
    deps,
    loginWebEndpoint,
    {
      access: { public: true },
      caller: "public",
      rateLimit: IP_LIMITS.loginWeb,
      doc: { summary: "Password sign-in (Basic email:password): a pre-authentication token and the second-factor state", scope: "none", errors: { 401: ["ERROR_005"], 429: ["ERROR_012"] } },
      audit: authTrail(),
      scope: noScope,
    },
    async ({ trail }, request, reply) => {
      const now = clock.now();
      const credentials = basicCredentials(request);
      if (credentials === undefined || !isEmail(credentials.email) || !isPassword(credentials.password)) {
        await trail({ action: "auth.password", outcome: "failure", userId: null, institutionId: null, reason: "malformed_credentials" });
        return replyWithFailure(reply, authFailures.wrongCredentials("malformed Basic credentials"));
      }
      const key = guardKey(credentials.email);
      const account = await findAccountByEmail(db, credentials.email);
      const who = { userId: account?.id ?? null, institutionId: account?.institutionId ?? null };

      const lock = lockStatus(await readGuard(db, key), now);
      if (lock.locked) {
        await trail({ ...who, action: "auth.password", outcome: "denied", reason: lock.reason });
        return replyLocked(reply, lock);
      }

      const passwordHash = account?.passwordHash ?? null;
      const matches = await verifyPassword(passwordHash ?? (await dummyPasswordHash(passwordHashCost)), credentials.password);
      const block = account === undefined ? undefined : signInBlock(account);
      if (account === undefined || passwordHash === null || !matches || block !== undefined) {
        const reason = account === undefined ? "unknown_email" : passwordHash === null ? "no_password" : !matches ? "wrong_password" : (block ?? "blocked");
        const status = await countFailure(db, trail, now, { ...who, guardKey: key, kind: "password", action: "auth.password", reason });
        if (status.locked) return replyLocked(reply, status);
        return replyWithFailure(reply, authFailures.wrongCredentials(reason));
      }

      await clearPasswordFailures(db, key, now);
      const sessionId = await createPreAuthSession(db, account.id, now, request.ip);
      const token = await signToken(keys, clock, { userId: account.id, sessionId, scope: "pre_auth" });
      await trail({ ...who, action: "auth.password", outcome: "success", sessionId });
      return { token, user: await authUserOf(db, account) };
    },
  );
};
