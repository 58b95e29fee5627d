import type { SnapshotFrom } from "xstate";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { signInMachine } from "./sign-in.machine.ts";

/** The sign-in flow's snapshot, as the UI holds it. */
export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

/** The authentication routes of spec section 2. */
export const AUTH_ROUTES = {
  signIn: "/auth/sign-in",
  changePassword: "/auth/change-password",
  mfa: "/auth/mfa",
  otp: "/auth/mfa/otp",
  registration: "/auth/mfa/registration",
  forgotPassword: "/auth/forgot-password",
  emailConfirmation: "/auth/email-confirmation",
} as const;

/** Where a signed-in person lands; `/` itself redirects to the dashboard. */
export const MAIN_PAGE = "/";

/** A code-entry or registration route names its method in the `platform` query. */
export const withPlatform = (path: string, method: MfaMethod): string => `${path}?platform=${method}`;

// While create_mfa runs, email has no registration screen of its own: the method choice stays.
const registrationRoute = (method: MfaMethod | null): string =>
  method === "sms" || method === "app" ? withPlatform(AUTH_ROUTES.registration, method) : AUTH_ROUTES.mfa;

/** The URL that shows the sign-in flow's current step, so the UI keeps the address bar in sync with the machine. */
export const authRouteFor = (snapshot: SignInSnapshot): string => {
  const { method } = snapshot.context;
  if (snapshot.matches("signedIn")) return MAIN_PAGE;
  if (snapshot.matches("changingPassword")) return AUTH_ROUTES.changePassword;
  if (snapshot.matches("choosingMethod")) return AUTH_ROUTES.mfa;
  if (snapshot.matches("registeringMethod")) return registrationRoute(method);
  if (snapshot.matches("sendingCode") || snapshot.matches("enteringCode") || snapshot.matches("verifyingCode")) {
    return method === null ? AUTH_ROUTES.mfa : withPlatform(AUTH_ROUTES.otp, method);
  }
  return AUTH_ROUTES.signIn;
};
