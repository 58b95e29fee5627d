import type { AuthUser } from "../../domain/shared/wire/auth.ts";
import { methodsToSetUpDuringSignIn } from "../../domain/auth/index.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";

/** A user with a default method and no other goes straight to code entry with it (spec 2, /auth/mfa). */
export const singleDefaultMethod = (user: AuthUser | null): MfaMethod | null => {
  if (user === null || user.default_mfa_method === null || user.mfa_methods.length !== 1) return null;
  return user.default_mfa_method;
};

/** Whether the user has already set up this second factor, so a code can be sent without registering. */
export const isRegisteredMethod = (user: AuthUser | null, method: MfaMethod): boolean =>
  user !== null && user.mfa_methods.includes(method);

/**
 * The methods the sign-in may set up: all of them while none is registered, none once one is
 * (an account with a second factor passes it; others are added in Settings).
 */
export const methodsToRegister = (user: AuthUser | null): readonly MfaMethod[] => methodsToSetUpDuringSignIn(user?.mfa_methods ?? []);

/** Whether the sign-in may set up this method: the account has no second factor yet. */
export const maySetUpDuringSignIn = (user: AuthUser | null, method: MfaMethod): boolean => methodsToRegister(user).includes(method);

/** Only email and SMS codes are sent by the server; an authenticator app makes its own. */
export const isSentMethod = (method: MfaMethod | null): boolean => method === "email" || method === "sms";
