import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import type { ApiFailure } from "../http/api-failure.ts";
import type { RequestDecoder } from "../http/decode-request.ts";
import { failures } from "../http/failures.ts";
import { type AuditTarget, type CallerKind, type OpenedRoute, type ScopeDecision, openRoute } from "../http/open-route.ts";
import type { Principal } from "../http/principal.ts";
import { type AccountWithHash, findAccount } from "./accounts.ts";
import { authFailures } from "./auth-failures.ts";

export type AccountCaller = { readonly principal: Principal; readonly account: AccountWithHash };

/** An opened account route: the caller with their account, and the route's audit trail (open-route.ts). */
export type OpenedAccountRoute = AccountCaller & Pick<OpenedRoute<unknown, unknown>, "audit" | "refuse">;

/** The caller's own account as their scope; refused (401) if it vanished since the token was issued. */
const ownAccount =
  (db: Database, vanished: () => ApiFailure) =>
  async (principal: Principal): Promise<ScopeDecision<AccountWithHash>> => {
    const account = await findAccount(db, principal.userId);
    return account === undefined ? { ok: false, failure: vanished(), reason: "no_account" } : { ok: true, scope: account };
  };

/**
 * The opening of the account routes and the sign-in steps (server/http/open-route.ts): the
 * caller's own account is their scope, the body is decoded; the handler gets both. `audit` is the
 * route's trail when its refusals are audited by the opening (an invalid body included).
 */
export const openAccountRoute =
  <Input>(
    deps: { readonly db: Database; readonly clock: Clock },
    decode: RequestDecoder<Input> | undefined,
    options: { readonly caller?: CallerKind; readonly audit?: AuditTarget } = {},
  ) =>
  (handler: (caller: OpenedAccountRoute, input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    openRoute(deps, {
      caller: options.caller,
      audit: options.audit,
      decode,
      // Someone in the sign-in steps whose account is gone has no sign-in left to finish.
      scope: ownAccount(deps.db, options.caller === "pre-auth" ? () => authFailures.sessionEnded("no pre-authenticated session") : failures.notAuthenticated),
    })(({ principal, input, scope, audit, refuse }, request, reply) => handler({ principal, account: scope, audit, refuse }, input, request, reply));

