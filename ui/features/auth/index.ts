// What other features may use of the auth pages: the second-factor parts account settings reuse,
// and the layout, styles and sign-in actor the invitation page (ui/features/invitations) signs in with.
export * from "./mfa-method-text.ts";
export * from "./qr-code.tsx";
export * from "./totp-secret.tsx";
export { AuthLayout } from "./auth-layout.tsx";
export * as authPageStyles from "./auth-page.css.ts";
export { useSignInActor } from "./sign-in-actor.tsx";
