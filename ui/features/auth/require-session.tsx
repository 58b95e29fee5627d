import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { AUTH_ROUTES } from "../../../machines/auth/auth-route.ts";
import { useSessionStanding } from "../../session/use-session.ts";

// Application routes need a full session (spec section 2). After a reload only the refresh token
// is left ("restoring"): the session actor starts the refresh at once, and the page itself renders
// meanwhile (shell frame, heading, busy status) instead of a "restoring" screen first. Its calls
// wait for the fresh token in the HTTP client, and a failed refresh clears the session and
// reloads, which lands on sign-in. The children keep one place in the tree in both standings, so
// the page is not remounted when the refresh completes.
export function RequireSession({ children }: { children: ReactNode }) {
  const standing = useSessionStanding();
  if (standing !== "signedIn" && standing !== "restoring") return <Redirect to={AUTH_ROUTES.signIn} replace />;
  return children;
}
