import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { AUTH_ROUTES } from "../../machines/auth/auth-route.ts";
import { AuthStepRoute } from "../auth/auth-step-route.tsx";
import { PublicAuthRoute } from "../auth/public-auth-route.tsx";
import { RequireSession } from "../auth/require-session.tsx";
import { ChangePasswordPage } from "../pages/change-password-page.tsx";
import { EmailConfirmationPage } from "../pages/email-confirmation-page.tsx";
import { ForgotPasswordPage } from "../pages/forgot-password-page.tsx";
import { LoadingPage } from "../pages/loading-page.tsx";
import { MfaPage } from "../pages/mfa-page.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { OtpPage } from "../pages/otp-page.tsx";
import { SignInPage } from "../pages/sign-in-page.tsx";
import { ShellLoadingPage } from "../shell/shell-loading-page.tsx";

// The QR code encoder is needed only by people setting up an authenticator app, so it loads with
// this page instead of with sign-in.
const MfaRegistrationPage = lazy(() =>
  import("../pages/mfa-registration-page.tsx").then((module) => ({ default: module.MfaRegistrationPage })),
);

// The signed-in area (shell, sidebar, application pages) is its own chunk: /auth/sign-in does not
// download it, and a signed-out visitor is redirected before it is requested.
const SignedInRoutes = lazy(() =>
  import("../shell/signed-in-routes.tsx").then((module) => ({ default: module.SignedInRoutes })),
);

/** The first path segments of the application routes (spec section 2), all served by SignedInRoutes. */
const SIGNED_IN_PATHS =
  /^\/(?:dashboard|admins|create|organizations|exercises|patients|patient|details-panel|staff|rtm|slp-chat|settings)(?:\/.*)?$/;

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
        <Redirect to="/dashboard" replace />
      </Route>
      <Route key={AUTH_ROUTES.signIn} path={AUTH_ROUTES.signIn}>
        <AuthStepRoute path={AUTH_ROUTES.signIn}>
          <SignInPage />
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
          <Suspense fallback={<LoadingPage title="Set up a verification method" />}>
            <MfaRegistrationPage />
          </Suspense>
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
      <Route key="signed-in" path={SIGNED_IN_PATHS}>
        <RequireSession>
          <Suspense fallback={<ShellLoadingPage />}>
            <SignedInRoutes />
          </Suspense>
        </RequireSession>
      </Route>
      <Route key="not-found" component={NotFoundPage} />
    </Switch>
  );
}
