import { Redirect, Route, Switch } from "wouter";
import { HOME_PATH, isSignedInPath, SIGNED_IN_PATH_PATTERN } from "../../domain/routes.ts";
import { AUTH_ROUTES } from "../../machines/auth/auth-route.ts";
import { AuthStepRoute } from "../features/auth/auth-step-route.tsx";
import { PublicAuthRoute } from "../features/auth/public-auth-route.tsx";
import { RequireSession } from "../features/auth/require-session.tsx";
import { LoadingPage } from "./loading-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { SignInPage } from "../features/auth/sign-in-page.tsx";
import { ShellLoadingPage } from "../shell/shell-loading-page.tsx";
import { pageChunk } from "../shell/page-chunk.tsx";
import { usePreloadAfterLoad } from "./use-preload-after-load.ts";
import { preloadRouteFiles } from "./route-files.ts";

// Only the sign-in page comes with the entry (docs/session.md, "Bundle"). The other /auth pages
// each load on first use: the QR code encoder and the phone-number library travel with the
// registration page only, the method choice with its radio group. The steps that follow a
// password (method choice, code entry) are fetched once the sign-in page has loaded, so the flow
// does not wait for them.
const MfaRegistrationPage = pageChunk(
  () => import("../features/auth/mfa-registration-page.tsx").then((module) => module.MfaRegistrationPage),
  <LoadingPage title="Set up a verification method" />,
);
const MfaPage = pageChunk(
  () => import("../features/auth/mfa-page.tsx").then((module) => module.MfaPage),
  <LoadingPage title="Verify it's you" />,
);
const OtpPage = pageChunk(
  () => import("../features/auth/otp-page.tsx").then((module) => module.OtpPage),
  <LoadingPage title="Enter your verification code" />,
);
const ChangePasswordPage = pageChunk(
  () => import("../features/auth/change-password-page.tsx").then((module) => module.ChangePasswordPage),
  <LoadingPage title="Change your password" />,
);
const ForgotPasswordPage = pageChunk(
  () => import("../features/auth/forgot-password-page.tsx").then((module) => module.ForgotPasswordPage),
  <LoadingPage title="Reset your password" />,
);
const EmailConfirmationPage = pageChunk(
  () => import("../features/auth/email-confirmation-page.tsx").then((module) => module.EmailConfirmationPage),
  <LoadingPage title="Choose a new password" />,
);
const InvitationPage = pageChunk(
  () => import("../features/invitations/invitation-page.tsx").then((module) => module.InvitationPage),
  <LoadingPage title="Your invitation" />,
);
// Where an invitation e-mail's link leads (server/features/invitations/invitation-mail.ts writes it).
const INVITATION_PATH = "/auth/invitation";
const NEXT_AFTER_SIGN_IN = [MfaPage, OtpPage] as const;
const LAZY_AUTH_PAGES = [MfaRegistrationPage, MfaPage, OtpPage, ChangePasswordPage, ForgotPasswordPage, EmailConfirmationPage, InvitationPage];

/** Downloads every lazily loaded /auth page (tests render the whole app without waiting on them). */
export const preloadAuthPages = (): Promise<unknown> => Promise.all(LAZY_AUTH_PAGES.map((page) => page.preload()));

function SignInThenPreload() {
  usePreloadAfterLoad(NEXT_AFTER_SIGN_IN);
  return <SignInPage />;
}

// The signed-in area (shell, sidebar, application pages) is its own chunk: /auth/sign-in does not
// download it. A page opened on one of its addresses (a reload, a bookmark) asks for it as the
// entry starts (preloadRouteCode), alongside the session refresh, not after it. That chunk starts the
// page's own chunk and data as it arrives (signed-in-routes.tsx, PrefetchArrival), not after the
// user record. (The entry does not import the pages itself: that would split the chunks the signed-in
// area shares with them into many small files, about 20 kB more gzip on every signed-in page.)
// Its files and the page's are asked for in one wave (route-files.ts): the build's loader no longer does.
const SignedInRoutes = pageChunk(() => {
  preloadRouteFiles(window.location.pathname);
  return import("./signed-in-routes.tsx").then((module) => module.SignedInRoutes);
}, <ShellLoadingPage />);

/**
 * Starts downloading the lazy code the page at `path` shows first, before anything renders. Not
 * its arrival reads' module: with a session, the boot script asked the page's reads (and, at an
 * address with a query string, that module's file); the signed-in area runs it where it is needed
 * (signed-in-routes.tsx, PrefetchArrival; issue 35).
 */
export const preloadRouteCode = (path: string): void => {
  if (!isSignedInPath(path)) return;
  void SignedInRoutes.preload().catch(() => undefined);
};

// Spec section 2. The /auth step pages are guarded by the sign-in flow's standing, the public
// /auth pages only admit people who are not signed in, and application pages need a session.
//
// Every route carries a key: <Switch> renders only the matching child in one slot, so without
// keys a redirect that lands on another redirecting route would reuse the mounted <Redirect>
// and never fire its navigation (wouter redirects once, on mount).
export function AppRoutes() {
  return (
    <Switch>
      <Route key="/" path="/">
        <Redirect to={HOME_PATH} replace />
      </Route>
      <Route key={AUTH_ROUTES.signIn} path={AUTH_ROUTES.signIn}>
        <AuthStepRoute path={AUTH_ROUTES.signIn}>
          <SignInThenPreload />
        </AuthStepRoute>
      </Route>
      <Route key={AUTH_ROUTES.changePassword} path={AUTH_ROUTES.changePassword}>
        <AuthStepRoute path={AUTH_ROUTES.changePassword}>
          <ChangePasswordPage />
        </AuthStepRoute>
      </Route>
      <Route key={AUTH_ROUTES.mfa} path={AUTH_ROUTES.mfa}>
        <AuthStepRoute path={AUTH_ROUTES.mfa}>
          <MfaPage />
        </AuthStepRoute>
      </Route>
      <Route key={AUTH_ROUTES.otp} path={AUTH_ROUTES.otp}>
        <AuthStepRoute path={AUTH_ROUTES.otp}>
          <OtpPage />
        </AuthStepRoute>
      </Route>
      <Route key={AUTH_ROUTES.registration} path={AUTH_ROUTES.registration}>
        <AuthStepRoute path={AUTH_ROUTES.registration}>
          <MfaRegistrationPage />
        </AuthStepRoute>
      </Route>
      <Route key={AUTH_ROUTES.forgotPassword} path={AUTH_ROUTES.forgotPassword}>
        <PublicAuthRoute>
          <ForgotPasswordPage />
        </PublicAuthRoute>
      </Route>
      <Route key={AUTH_ROUTES.emailConfirmation} path={AUTH_ROUTES.emailConfirmation}>
        <PublicAuthRoute>
          <EmailConfirmationPage />
        </PublicAuthRoute>
      </Route>
      <Route key={INVITATION_PATH} path={INVITATION_PATH}>
        <PublicAuthRoute>
          <InvitationPage />
        </PublicAuthRoute>
      </Route>
      <Route key="signed-in" path={SIGNED_IN_PATH_PATTERN}>
        <RequireSession>
          <SignedInRoutes />
        </RequireSession>
      </Route>
      <Route key="not-found" component={NotFoundPage} />
    </Switch>
  );
}
