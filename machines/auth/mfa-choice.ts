import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { MFA_METHODS, type MfaMethod } from "../../domain/shared/wire/mfa-method.ts";

/** A user with a default method and no other goes straight to code entry with it (spec 2, /auth/mfa). */
export const singleDefaultMethod = (user: AuthUser | null): MfaMethod | null => {
  if (user === null || user.default_mfa_method === null || user.mfa_methods.length !== 1) return null;
  return user.default_mfa_method;
};

/** Whether the user has already set up this second factor, so a code can be sent without registering. */
export const isRegisteredMethod = (user: AuthUser | null, method: MfaMethod): boolean =>
  user !== null && user.mfa_methods.includes(method);

/** The methods the user could still register; all of them when none is registered yet. */
export const methodsToRegister = (user: AuthUser | null): readonly MfaMethod[] =>
  MFA_METHODS.filter((method) => !isRegisteredMethod(user, method));

/** Only email and SMS codes are sent by the server; an authenticator app makes its own. */
export const isSentMethod = (method: MfaMethod | null): boolean => method === "email" || method === "sms";
