import { type SignInFactorStep, signInFactorStep } from "../../domain/auth/index.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { ApiFailure } from "../http/api-failure.ts";
import { confirmedMethods } from "./accounts.ts";
import type { AuthAuditAction, AuthTrail } from "./auth-audit.ts";
import { authFailures } from "./auth-failures.ts";
import type { AuthRouteDeps } from "./auth-route-deps.ts";
import type { AccountCaller } from "./own-account-scope.ts";

const AUDIT_ACTION: Readonly<Record<SignInFactorStep, AuthAuditAction>> = {
  set_up: "auth.mfa_enrolment",
  show_secret: "auth.mfa_enrolment",
  send_code: "auth.code_sent",
  verify: "auth.mfa",
};

/**
 * The domain's sign-in factor rule (domain/auth/sign-in-factor-rules.ts) at a pre-authentication
 * step: undefined when the step may go on, else the refusal to answer, already audited as
 * denied on the route's auth trail. Nothing is written but the audit row. A confirmed factor is never removed during
 * sign-in, so reading the confirmed methods before acting leaves no window to race.
 */
export const refusedSignInFactorStep = async (
  deps: Pick<AuthRouteDeps, "db">,
  trail: AuthTrail,
  caller: AccountCaller,
  step: SignInFactorStep,
  method: MfaMethod,
): Promise<ApiFailure | undefined> => {
  const decision = signInFactorStep(await confirmedMethods(deps.db, caller.account.id), step, method);
  if (decision.allowed) return undefined;
  await trail({
    action: AUDIT_ACTION[step],
    outcome: "denied",
    userId: caller.account.id,
    institutionId: caller.account.institutionId,
    sessionId: caller.principal.sessionId,
    reason: `${step}:${decision.refusal}`,
  });
  return decision.refusal === "must_pass_confirmed_factor" ? authFailures.mustPassConfirmedFactor() : authFailures.methodNotConfigured();
};
