import type { Database } from "../db/database.ts";
import type { ApiFailure } from "../http/api-failure.ts";
import { failures } from "../http/failures.ts";
import type { ScopeDecision } from "../http/open-route.ts";
import type { Principal } from "../http/principal.ts";
import { type AccountWithHash, findAccount } from "./accounts.ts";
import { authFailures } from "./auth-failures.ts";

/** The caller of an account route or a sign-in step, with their own account (the route's scope). */
export type AccountCaller = { readonly principal: Principal; readonly account: AccountWithHash };

/**
 * The caller's own account as a route's scope (openRoute, routeEndpoint), for the account
 * settings and the sign-in steps; refused if it vanished since the token was issued: 401, or for
 * someone in the sign-in steps ("pre-auth") the end of a sign-in they can no longer finish.
 */
export const ownAccountScope =
  (db: Database, caller: "signed-in" | "pre-auth" = "signed-in") =>
  async (principal: Principal): Promise<ScopeDecision<AccountWithHash>> => {
    const vanished = (): ApiFailure => (caller === "pre-auth" ? authFailures.sessionEnded("no pre-authenticated session") : failures.notAuthenticated());
    const account = await findAccount(db, principal.userId);
    return account === undefined ? { ok: false, failure: vanished(), reason: "no_account" } : { ok: true, scope: account };
  };
