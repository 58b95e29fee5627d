import type { RouteDecision } from "../../domain/shared/navigation/route-declaration.ts";
import { MFA_METHODS, type MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import { AUTH_ROUTES, MAIN_PAGE, type SignInSnapshot } from "./auth-route.ts";

/** How far a person is through authentication; null means the app does not know (e.g. lost on reload). */
export type AuthStanding =
  | { readonly kind: "anonymous" }
  | {
      readonly kind: "preAuthenticated";
      readonly needChangePassword: boolean | null;
      readonly needTwoFactor: boolean | null;
    }
  | { readonly kind: "signedIn" };

export type { RouteDecision };

const allow: RouteDecision = { kind: "allow" };
const redirect = (to: string): RouteDecision => ({ kind: "redirect", to });

/** The standing the sign-in flow's snapshot describes. */
export const standingOf = (snapshot: SignInSnapshot): AuthStanding => {
  if (snapshot.matches("signedIn")) return { kind: "signedIn" };
  const { preAuthToken, user } = snapshot.context;
  if (preAuthToken === null) return { kind: "anonymous" };
  // Until a code is verified a second factor is always still owed.
  return { kind: "preAuthenticated", needChangePassword: user?.change_password ?? null, needTwoFactor: user === null ? null : true };
};

/** Whether a `platform` query names a second factor the portal knows (email, sms, app). */
export const isMfaMethod = (platform: string | null | undefined): platform is MfaMethod =>
  MFA_METHODS.some((method) => method === platform);

/** Only SMS and authenticator apps have a registration screen; email needs no registration data. */
export const isRegistrablePlatform = (platform: string | null | undefined): platform is "sms" | "app" =>
  platform === "sms" || platform === "app";

/** The auth guard of the pre-authenticated pages: signed in goes to the main page, an unknown pre-auth state is cleared, anyone else signs in. */
export const guardPreAuthPage = (standing: AuthStanding): RouteDecision => {
  if (standing.kind === "signedIn") return redirect(MAIN_PAGE);
  if (standing.kind === "anonymous") return redirect(AUTH_ROUTES.signIn);
  if (standing.needChangePassword === null || standing.needTwoFactor === null) {
    return { kind: "clearAndRedirect", to: AUTH_ROUTES.signIn };
  }
  return allow;
};

/** /auth/sign-in: a signed-in user goes to the main page, a pre-authenticated one to change-password. */
export const guardSignInPage = (standing: AuthStanding): RouteDecision => {
  if (standing.kind === "signedIn") return redirect(MAIN_PAGE);
  if (standing.kind === "preAuthenticated") return redirect(AUTH_ROUTES.changePassword);
  return allow;
};

/** /auth/change-password: for pre-authenticated users; with no change needed it continues to /auth/mfa. */
export const guardChangePasswordPage = (standing: AuthStanding): RouteDecision => {
  const gate = guardPreAuthPage(standing);
  if (gate.kind !== "allow" || standing.kind !== "preAuthenticated") return gate;
  return standing.needChangePassword ? allow : redirect(AUTH_ROUTES.mfa);
};

/** /auth/mfa: the method choice, for pre-authenticated users. */
export const guardMfaPage = (standing: AuthStanding): RouteDecision => guardPreAuthPage(standing);

/** /auth/mfa/otp?platform=: the platform must be a known method, otherwise back to /auth/mfa. */
export const guardOtpPage = (standing: AuthStanding, platform: string | null | undefined): RouteDecision => {
  const gate = guardPreAuthPage(standing);
  if (gate.kind !== "allow") return gate;
  return isMfaMethod(platform) ? allow : redirect(AUTH_ROUTES.mfa);
};

/** /auth/mfa/registration?platform=: only sms or app, otherwise back to /auth/mfa. */
export const guardRegistrationPage = (standing: AuthStanding, platform: string | null | undefined): RouteDecision => {
  const gate = guardPreAuthPage(standing);
  if (gate.kind !== "allow") return gate;
  return isRegistrablePlatform(platform) ? allow : redirect(AUTH_ROUTES.mfa);
};

/** /auth/forgot-password and /auth/email-confirmation: signed-in or pre-authenticated users go to the main page. */
export const guardPublicAuthPage = (standing: AuthStanding): RouteDecision =>
  standing.kind === "anonymous" ? allow : redirect(MAIN_PAGE);

/** The guard of any /auth/* path (platform from its query); paths outside /auth are not this guard's business. */
export const guardAuthPath = (path: string, platform: string | null | undefined, standing: AuthStanding): RouteDecision => {
  switch (path) {
    case AUTH_ROUTES.signIn:
      return guardSignInPage(standing);
    case AUTH_ROUTES.changePassword:
      return guardChangePasswordPage(standing);
    case AUTH_ROUTES.mfa:
      return guardMfaPage(standing);
    case AUTH_ROUTES.otp:
      return guardOtpPage(standing, platform);
    case AUTH_ROUTES.registration:
      return guardRegistrationPage(standing, platform);
    case AUTH_ROUTES.forgotPassword:
    case AUTH_ROUTES.emailConfirmation:
      return guardPublicAuthPage(standing);
    default:
      return allow;
  }
};
